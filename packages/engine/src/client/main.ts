/**
 * The one deferred module script of every page: small DOM behaviours that need no framework.
 * The page is fully readable without it. `setup*` run once; per-page work runs again after each
 * client-side navigation.
 */
import { setupColorMode, labelColorMode } from './color-mode';
import { setupAnnouncement } from './announcement';
import { setupTabs, applyStoredTabs } from './tabs';
import { setupCopyButtons } from './copy-code';
import { setupCopyPage, showCopyPage } from './copy-page';
import { setupNavigation } from './navigation';
import { setupToc } from './toc';
import { setupIslands } from './islands';
import { setupRouter } from './router';
import { setupSearch, searchPage } from './search';
import { setupSidebarParts } from './sidebar-parts';
import { setupTagManager } from './tag-manager';

function perPage(): void {
  labelColorMode();
  applyStoredTabs();
  setupToc();
  setupIslands();
  searchPage();
  showCopyPage();
}

setupColorMode();
setupAnnouncement();
setupTabs();
setupCopyButtons();
setupCopyPage();
setupNavigation();
setupRouter();
setupSearch();
setupSidebarParts();
setupTagManager();
perPage();
document.addEventListener('docsgen:navigated', perPage);

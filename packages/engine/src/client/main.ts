/**
 * The one deferred module script of every page: small DOM behaviours that need no framework.
 * The page is fully readable without it.
 */
import { setupColorMode } from './color-mode';
import { setupAnnouncement } from './announcement';
import { setupTabs } from './tabs';
import { setupCopyButtons } from './copy-code';
import { setupNavigation } from './navigation';
import { setupToc } from './toc';
import { setupIslands } from './islands';

setupColorMode();
setupAnnouncement();
setupTabs();
setupCopyButtons();
setupNavigation();
setupToc();
setupIslands();

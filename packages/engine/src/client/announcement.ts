import { storage } from './storage';

/** Closing the bar remembers the announcement id; a new id shows the bar again. */
export function setupAnnouncement(): void {
  const root = document.documentElement;
  document.querySelector('[data-announcement-close]')?.addEventListener('click', () => {
    storage.set('docsgen.announcement.dismissed', root.dataset.announcement ?? '');
    root.dataset.announcementDismissed = '';
  });
}

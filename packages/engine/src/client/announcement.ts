import { storage } from './storage';

/**
 * Closing the bar remembers the announcement id; a new id shows the bar again. Focus moves on to
 * what followed the close button (the navbar's first control), not left on a hidden button.
 */
export function setupAnnouncement(): void {
  const root = document.documentElement;
  document.querySelector('[data-announcement-close]')?.addEventListener('click', () => {
    storage.set('docsgen.announcement.dismissed', root.dataset.announcement ?? '');
    root.dataset.announcementDismissed = '';
    const next = [...document.querySelectorAll<HTMLElement>('.navbar a[href], .navbar button, main')].find((el) => el.getClientRects().length > 0);
    next?.focus({ preventScroll: true });
  });
}

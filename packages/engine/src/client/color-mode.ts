import { storage } from './storage';

const KEY = 'theme';
const root = document.documentElement;

function apply(mode: string): void {
  root.dataset.theme = mode;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-color-mode-toggle]')) {
    button.setAttribute('aria-label', `Switch to ${mode === 'dark' ? 'light' : 'dark'} mode (currently ${mode} mode)`);
  }
}

/** Labels the switch of the current page with the mode it leads to. */
export function labelColorMode(): void {
  apply(root.dataset.theme === 'dark' ? 'dark' : 'light');
}

/** Light/dark switch, stored under `theme` and synced across tabs. */
export function setupColorMode(): void {
  labelColorMode();
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('[data-color-mode-toggle]')) return;
    const next = root.dataset.theme === 'dark' ? 'light' : 'dark';
    storage.set(KEY, next);
    apply(next);
  });
  window.addEventListener('storage', (event) => {
    if (event.key === KEY && (event.newValue === 'dark' || event.newValue === 'light')) apply(event.newValue);
  });
}

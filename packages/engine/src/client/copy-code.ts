/** Copy buttons on code blocks: copies the code text, shows a check for 1.5 s. */
export function setupCopyButtons(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-copy]');
    if (!button) return;
    const code = button.parentElement?.querySelector('pre code');
    if (!code) return;
    const text = [...code.querySelectorAll('[data-line]')].map((line) => line.textContent ?? '').join('\n') || code.textContent || '';
    try {
      await navigator.clipboard.writeText(text);
      button.dataset.copied = '';
      button.setAttribute('aria-label', 'Copied');
      setTimeout(() => {
        delete button.dataset.copied;
        button.setAttribute('aria-label', 'Copy code');
      }, 1500);
    } catch {
      button.setAttribute('aria-label', 'Copy failed: select the code and copy it by hand');
    }
  });
}

/**
 * "Copy page": copies the page's Markdown twin (`{route}.md`, fetched on click, never inlined) and
 * shows a check for 1.5 s like the code copy buttons. The button is rendered `hidden` and shown
 * here, so a page without JavaScript offers only the plain link to the Markdown.
 */
export function showCopyPage(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy-page]')) button.hidden = false;
}

export function setupCopyPage(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-copy-page]');
    if (!button) return;
    const href = button.dataset.copyPage ?? '';
    const label = button.querySelector('[data-copy-page-label]');
    const say = (text: string) => {
      if (label) label.textContent = text;
    };
    try {
      // Safari allows clipboard writes after an await only through a ClipboardItem given a promise.
      const text = fetch(href, { headers: { Accept: 'text/markdown' } }).then(async (response) => {
        if (!response.ok) throw new Error(`the server answered ${response.status}`);
        return response.text();
      });
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
      } else {
        await navigator.clipboard.writeText(await text);
      }
      button.dataset.copied = '';
      say('Copied');
      setTimeout(() => {
        delete button.dataset.copied;
        say('Copy page');
      }, 1500);
    } catch {
      say('Copy failed');
      setTimeout(() => say('Copy page'), 1500);
    }
  });
}

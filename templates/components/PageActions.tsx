import { markdownUrlFor } from '../../packages/engine/src/shared/agent-files';

/**
 * The page as Markdown, for readers who paste docs into an AI assistant: a link that opens the
 * page's Markdown twin, and a "Copy page" button (rendered hidden; the client script shows it and
 * fetches the Markdown on click). The button comes after the link so showing it moves nothing.
 */
export function PageActions({ route }: { route: string }) {
  const href = markdownUrlFor(route);
  return (
    <div className="page-actions">
      <a className="page-action" href={href} type="text/markdown">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M4 5h16v14H4zM7 15V9l2.5 3L12 9v6M16 9v6m-2-2 2 2 2-2" /></svg>
        View as Markdown
      </a>
      <button type="button" className="page-action" data-copy-page={href} hidden>
        <svg className="icon-copy" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M9 9h11v11H9zM5 15H4V4h11v1" /></svg>
        <svg className="icon-check" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M5 12l5 5L20 7" /></svg>
        <span data-copy-page-label="" aria-live="polite">Copy page</span>
      </button>
    </div>
  );
}

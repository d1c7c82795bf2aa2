/** A finished, highlighted code block (HTML made once per build and cached), with a copy button. */
export function CodeBlock({ html, lang }: { html: string; lang?: string }) {
  return (
    <div className="code-block" data-lang={lang || undefined}>
      <button type="button" className="copy-button" aria-label="Copy code" title="Copy code" data-copy="">
        <svg className="icon-copy" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M9 9h11v11H9zM5 15H4V4h11v1" /></svg>
        <svg className="icon-check" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M5 12l5 5L20 7" /></svg>
      </button>
      <div className="code-block-body" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

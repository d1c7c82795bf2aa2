import type { ReactElement } from 'react';

/*
 * What the API console shows after a send: the answer (status, time, headers, body) or why there
 * is none, and the page's history of sends. Everything here was masked before it was stored.
 */

/** One request sent from this console, as its history shows it (masked; kept in memory only). */
export interface HistoryEntry {
  at: string;
  method: string;
  url: string;
  key: string;
  idempotencyKey?: string;
  body?: string;
  status: string;
}

export interface Outcome {
  status?: number;
  statusText?: string;
  ms: number;
  headers?: Array<[string, string]>;
  body?: string;
  error?: string;
}

/** The answer to the last send, or why there is none. */
export function ConsoleOutcome({ outcome }: { outcome: Outcome }): ReactElement {
  return (
    <div className="api-console-result" aria-live="polite">
      {outcome.error ? (
        <p className="api-console-error" role="alert">{outcome.error}</p>
      ) : (
        <>
          <p className="api-console-status">
            <strong className={outcome.status! < 400 ? 'status-ok' : 'status-error'}>{outcome.status} {outcome.statusText}</strong> in {Math.round(outcome.ms)} ms
          </p>
          <details>
            <summary>Response headers</summary>
            <pre className="api-console-pre">{outcome.headers!.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
          </details>
          <pre className="api-console-pre" data-testid="console-response">{outcome.body}</pre>
        </>
      )}
    </div>
  );
}

/** The sends of this page, newest first (in memory only: gone when the page is). */
export function ConsoleHistory({ history }: { history: HistoryEntry[] }): ReactElement {
  return (
    <details className="api-console-history">
      <summary>History of this page ({history.length}, masked, not stored)</summary>
      <ol>
        {history.map((h, i) => (
          <li key={i}>
            <code>{h.at} {h.method} {h.url} → {h.status}</code>
            {h.key ? <> key <code>{h.key}</code></> : null}
            {h.idempotencyKey ? <> Idempotency-Key <code>{h.idempotencyKey}</code></> : null}
            {h.body ? <pre className="api-console-pre">{h.body}</pre> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

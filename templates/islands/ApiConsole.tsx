import { useEffect, useRef, useState } from 'react';
import type { SchemaNode } from '../../packages/engine/src/shared/api-model';
import { isLiveKey, isPlainHttp, maskKey, maskSecrets, newIdempotencyKey } from './lib/console-safety';
import { checkBody } from './lib/check-body';
import { ConsoleHistory, ConsoleOutcome, type HistoryEntry, type Outcome } from './lib/ConsoleResult';

export interface ApiConsoleProps {
  method: string;
  path: string;
  /** `label` is the server's description as plain text (for its option); `descriptionHtml` its Markdown rendered at build time. */
  servers: Array<{ url: string; label?: string; descriptionHtml?: string }>;
  parameters: Array<{ name: string; in: string; required: boolean; example?: string; type: string }>;
  body?: { example: string; schema: SchemaNode; required: boolean };
  /** The operation's idempotency header (`Idempotency-Key`), when it declares one: a fresh UUID per send. */
  idempotencyHeader?: string;
  /** What credential the operation takes: none (`security: []`), else its name for the key field. */
  auth?: { none: boolean; label: string };
}

/** How many sends the history keeps. */
const HISTORY = 5;

/**
 * The "Send" console of an API operation: an island, hydrated when the reader first uses it.
 * Payment-safe: the key lives only in this component's memory (never in storage, cookies or the
 * URL); live keys are refused unless allowed for one send; a key to a plain-http server that is not
 * loopback needs a confirmation; every send gets a fresh Idempotency-Key, which "Retry" reuses; what
 * it shows (response, history) has card numbers and keys masked; requests carry no Referer.
 */
export default function ApiConsole({ method, path, servers, parameters, body, idempotencyHeader, auth }: ApiConsoleProps) {
  const [open, setOpen] = useState(false);
  const testIndex = Math.max(0, servers.findIndex((s) => /test|sandbox/i.test(`${s.label} ${s.url}`)));
  const [server, setServer] = useState(servers[testIndex]?.url ?? '');
  const [custom, setCustom] = useState('');
  const selectedServer = servers.find((s) => s.url === server);
  const [apiKey, setApiKey] = useState('');
  const [allowLive, setAllowLive] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(parameters.map((p) => [`${p.in}:${p.name}`, p.example ?? ''])));
  const [json, setJson] = useState(body?.example ?? '');
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [lastSent, setLastSent] = useState<{ idempotencyKey?: string } | null>(null);
  const [insecureOk, setInsecureOk] = useState<string | null>(null);
  const [confirmInsecure, setConfirmInsecure] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const controller = useRef<AbortController | null>(null);
  const needsKey = !auth?.none;

  // A fresh key when the console opens (in the browser: never rendered on the server).
  useEffect(() => {
    if (open && idempotencyHeader && !idempotencyKey) setIdempotencyKey(newIdempotencyKey());
  }, [open, idempotencyHeader, idempotencyKey]);

  const send = async (mode: 'send' | 'retry' | 'confirmed' = 'send') => {
    const found: string[] = [];
    for (const p of parameters) if (p.required && !values[`${p.in}:${p.name}`]) found.push(`${p.name} (${p.in}) is required`);
    let parsed: unknown;
    if (body && json.trim()) {
      try {
        parsed = JSON.parse(json);
        found.push(...checkBody(parsed, body.schema));
      } catch (error) {
        found.push(`the body is not valid JSON: ${(error as Error).message}`);
      }
    } else if (body?.required) {
      found.push('the request body is required');
    }
    const key = needsKey ? apiKey.trim() : '';
    if (key && isLiveKey(key) && !allowLive) found.push('This is a live key: the console refuses live keys in the browser, because real money would move. Use a test key (sk_test_…), or tick "Allow a live key for the next send".');
    const base = (server === '__custom' ? custom : server).replace(/\/$/, '');
    if (!/^https?:\/\//i.test(base)) found.push('the server URL must start with https:// (or http:// for a local server)');
    setProblems(found);
    if (found.length) return;
    if (key && isPlainHttp(base) && insecureOk !== base && mode !== 'confirmed') {
      setConfirmInsecure(base);
      return;
    }
    setConfirmInsecure(null);
    if (mode === 'confirmed') setInsecureOk(base);
    let url = base + path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[`path:${name}`] ?? ''));
    const query = parameters.filter((p) => p.in === 'query' && values[`query:${p.name}`]).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(values[`query:${p.name}`]!)}`);
    if (query.length) url += `?${query.join('&')}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (key) headers.Authorization = `Bearer ${key}`;
    for (const p of parameters) if (p.in === 'header' && values[`header:${p.name}`]) headers[p.name] = values[`header:${p.name}`]!;
    // A retry repeats the last send's key (the server answers it once); a send uses the field's.
    const idem = idempotencyHeader ? (mode === 'retry' ? lastSent?.idempotencyKey : idempotencyKey.trim()) || newIdempotencyKey() : undefined;
    if (idempotencyHeader && idem) headers[idempotencyHeader] = idem;
    if (parsed !== undefined) headers['Content-Type'] = 'application/json';
    controller.current = new AbortController();
    setBusy(true);
    setOutcome(null);
    setAllowLive(false);
    const start = performance.now();
    const sentBody = parsed !== undefined ? JSON.stringify(parsed) : undefined;
    let status = 'no answer';
    // The page's Content-Security-Policy lets it connect only to the spec's servers: a custom one is blocked before it is asked.
    let blockedByPolicy = false;
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective === 'connect-src' && url.startsWith(e.blockedURI)) blockedByPolicy = true;
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    try {
      const response = await fetch(url, { method, headers, body: sentBody, signal: controller.current.signal, referrerPolicy: 'no-referrer', credentials: 'omit', cache: 'no-store' });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: show as it came
      }
      status = `${response.status} ${response.statusText}`.trim();
      setOutcome({ status: response.status, statusText: response.statusText, ms: performance.now() - start, headers: [...response.headers.entries()].map(([k, v]) => [k, maskSecrets(v)]), body: maskSecrets(pretty) });
    } catch (error) {
      const ms = performance.now() - start;
      // The violation event is queued as its own task: give it one to arrive.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if ((error as Error).name === 'AbortError') setOutcome({ ms, error: 'The request was cancelled before an answer arrived.' });
      else if (blockedByPolicy)
        setOutcome({
          ms,
          error: `This site's Content-Security-Policy lets its pages send requests only to the API servers listed in the reference, so the browser did not send this one to ${new URL(url).origin}. Run the cURL sample from a terminal instead.`,
        });
      else
        setOutcome({
          ms,
          error:
            'The request did not get an answer the browser could read. Either the network is down or the server could not be reached, or the server answered without allowing requests from this site (CORS), so the browser hid the answer. Check the server URL and your connection, or run the cURL sample from a terminal, which is not subject to CORS.',
        });
    } finally {
      document.removeEventListener('securitypolicyviolation', onViolation);
      setBusy(false);
      controller.current = null;
      setLastSent({ idempotencyKey: idem });
      // The next send is a new operation: it gets a new key (Retry keeps the one just sent).
      if (idempotencyHeader) setIdempotencyKey(newIdempotencyKey());
      setHistory((h) => [{ at: new Date().toLocaleTimeString(), method, url: maskSecrets(url), key: maskKey(key), idempotencyKey: idem, body: sentBody !== undefined ? maskSecrets(JSON.stringify(parsed, null, 2)) : undefined, status }, ...h].slice(0, HISTORY));
    }
  };

  if (!open) {
    return (
      <div className="api-console">
        <button type="button" className="button api-console-open" onClick={() => setOpen(true)}>
          Try it: send a request
        </button>
      </div>
    );
  }
  return (
    <div className="api-console" data-open="">
      <div className="api-console-panel">
        <div className="api-console-row">
          <label htmlFor="console-server">Server</label>
          <select id="console-server" value={server} onChange={(e) => setServer(e.target.value)}>
            {servers.map((s) => (
              <option key={s.url} value={s.url}>{`${s.label ?? s.url} (${s.url})`}</option>
            ))}
            <option value="__custom">Another URL…</option>
          </select>
          {server === '__custom' ? <input aria-label="Server URL" type="url" placeholder="https://" value={custom} onChange={(e) => setCustom(e.target.value)} /> : null}
        </div>
        {selectedServer?.descriptionHtml ? <p className="api-console-hint api-console-server-description" dangerouslySetInnerHTML={{ __html: selectedServer.descriptionHtml }} /> : null}
        {needsKey ? (
          <div className="api-console-row">
            <label htmlFor="console-key">{auth?.label ?? 'API key'}</label>
            <input id="console-key" type="password" autoComplete="off" spellCheck={false} data-1p-ignore="" data-lpignore="true" placeholder="sk_test_…" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
            {isLiveKey(apiKey) ? (
              <label className="api-console-check api-console-live">
                <input type="checkbox" checked={allowLive} onChange={(e) => setAllowLive(e.target.checked)} /> Allow a live key for the next send (real money moves)
              </label>
            ) : null}
          </div>
        ) : (
          <p className="api-console-hint">This endpoint takes no Authorization header: the console sends none.</p>
        )}
        {needsKey ? <p className="api-console-hint">Use a test key. It stays in this page's memory only (never in browser storage or the URL) until you reload or leave the page, and is sent only to the server above.</p> : null}
        {idempotencyHeader ? (
          <div className="api-console-row">
            <label htmlFor="console-idempotency">
              {idempotencyHeader} <span className="schema-type">header · new UUID per send</span>
            </label>
            <input id="console-idempotency" spellCheck={false} value={idempotencyKey} onChange={(e) => setIdempotencyKey(e.target.value)} />
          </div>
        ) : null}
        {parameters.map((p) => (
          <div className="api-console-row" key={`${p.in}:${p.name}`}>
            <label htmlFor={`console-${p.in}-${p.name}`}>
              {p.name} <span className="schema-type">{p.in} · {p.type}</span>
              {p.required ? <span className="schema-required"> required</span> : null}
            </label>
            <input id={`console-${p.in}-${p.name}`} value={values[`${p.in}:${p.name}`] ?? ''} onChange={(e) => setValues({ ...values, [`${p.in}:${p.name}`]: e.target.value })} />
          </div>
        ))}
        {body ? (
          <div className="api-console-row api-console-body">
            <label htmlFor="console-body">Body (JSON)</label>
            <textarea id="console-body" spellCheck={false} rows={Math.min(18, json.split('\n').length + 1)} value={json} onChange={(e) => setJson(e.target.value)} />
          </div>
        ) : null}
        {problems.length ? (
          <ul className="api-console-problems" role="alert">
            {problems.map((p) => <li key={p}>{p}</li>)}
          </ul>
        ) : null}
        {confirmInsecure ? (
          <div className="api-console-error api-console-insecure" role="alert">
            <p>{confirmInsecure} is plain http: your key would cross the network unencrypted, readable by anyone on the way. Use https, or send anyway only to a server you control on a network you trust.</p>
            <div className="api-console-actions">
              <button type="button" className="button button-secondary" onClick={() => send('confirmed')}>Send over http anyway</button>
              <button type="button" className="button button-secondary" onClick={() => setConfirmInsecure(null)}>Don't send</button>
            </div>
          </div>
        ) : null}
        <div className="api-console-actions">
          <button type="button" className="button" onClick={() => send()} disabled={busy}>{busy ? 'Sending…' : 'Send'}</button>
          {lastSent && idempotencyHeader && !busy ? <button type="button" className="button button-secondary" onClick={() => send('retry')} title="Send again with the same Idempotency-Key">Retry (same key)</button> : null}
          {busy ? <button type="button" className="button button-secondary" onClick={() => controller.current?.abort()}>Cancel</button> : null}
          <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>Close</button>
        </div>
        {outcome ? <ConsoleOutcome outcome={outcome} /> : null}
        {history.length ? <ConsoleHistory history={history} /> : null}
      </div>
    </div>
  );
}

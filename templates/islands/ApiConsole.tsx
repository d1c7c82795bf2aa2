import { useEffect, useRef, useState } from 'react';
import type { SchemaNode } from '../../packages/engine/src/shared/api-model';

export interface ApiConsoleProps {
  method: string;
  path: string;
  servers: Array<{ url: string; description?: string }>;
  parameters: Array<{ name: string; in: string; required: boolean; example?: string; type: string }>;
  body?: { example: string; schema: SchemaNode; required: boolean };
}

interface Outcome {
  status?: number;
  statusText?: string;
  ms: number;
  headers?: Array<[string, string]>;
  body?: string;
  error?: string;
}

const KEY_STORAGE = 'docsgen.console.apiKey';

/** Checks a parsed JSON body against the schema tree: required fields, types and enums. Returns problems. */
export function checkBody(value: unknown, node: SchemaNode, at = ''): string[] {
  const where = at || 'the body';
  if (node.variants || node.circular || node.type === 'any') return [];
  const type = node.type.split('<')[0]!;
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (value === null) return node.nullable ? [] : [`${where} must not be null`];
  if (type === 'array') {
    if (!Array.isArray(value)) return [`${where} must be an array`];
    return node.children ? value.flatMap((item, i) => checkBody(item, { type: 'object', children: node.children }, `${at}[${i}]`)) : [];
  }
  if (node.children?.length || type === 'object') {
    if (!isObject) return [`${where} must be an object`];
    const record = value as Record<string, unknown>;
    const problems: string[] = [];
    for (const child of node.children ?? []) {
      const path = at ? `${at}.${child.name}` : child.name!;
      if (!(child.name! in record)) {
        if (child.required) problems.push(`${path} is required`);
      } else {
        problems.push(...checkBody(record[child.name!], child, path));
      }
    }
    return problems;
  }
  if ((type === 'integer' && !Number.isInteger(value)) || (type === 'number' && typeof value !== 'number')) return [`${where} must be ${type === 'integer' ? 'an integer' : 'a number'}`];
  if (type === 'string' && typeof value !== 'string') return [`${where} must be a string`];
  if (type === 'boolean' && typeof value !== 'boolean') return [`${where} must be true or false`];
  if (node.enum && !node.enum.includes(String(value))) return [`${where} must be one of ${node.enum.join(', ')}`];
  return [];
}

/** The "Send" console of an API operation: an island, hydrated when the reader first uses it. */
export default function ApiConsole({ method, path, servers, parameters, body }: ApiConsoleProps) {
  const [open, setOpen] = useState(false);
  const testIndex = Math.max(0, servers.findIndex((s) => /test|sandbox/i.test(`${s.description} ${s.url}`)));
  const [server, setServer] = useState(servers[testIndex]?.url ?? '');
  const [custom, setCustom] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(parameters.map((p) => [`${p.in}:${p.name}`, p.example ?? ''])));
  const [json, setJson] = useState(body?.example ?? '');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const stored = sessionStorage.getItem(KEY_STORAGE);
    if (stored) {
      setApiKey(stored);
      setRemember(true);
    }
  }, []);
  useEffect(() => {
    if (remember && apiKey) sessionStorage.setItem(KEY_STORAGE, apiKey);
    else sessionStorage.removeItem(KEY_STORAGE);
  }, [remember, apiKey]);

  const send = async () => {
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
    setProblems(found);
    if (found.length) return;
    const base = (server === '__custom' ? custom : server).replace(/\/$/, '');
    let url = base + path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[`path:${name}`] ?? ''));
    const query = parameters.filter((p) => p.in === 'query' && values[`query:${p.name}`]).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(values[`query:${p.name}`]!)}`);
    if (query.length) url += `?${query.join('&')}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
    for (const p of parameters) if (p.in === 'header' && values[`header:${p.name}`]) headers[p.name] = values[`header:${p.name}`]!;
    if (parsed !== undefined) headers['Content-Type'] = 'application/json';
    controller.current = new AbortController();
    setBusy(true);
    setOutcome(null);
    const start = performance.now();
    // The page's Content-Security-Policy lets it connect only to the spec's servers: a custom one is blocked before it is asked.
    let blockedByPolicy = false;
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective === 'connect-src' && url.startsWith(e.blockedURI)) blockedByPolicy = true;
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    try {
      const response = await fetch(url, { method, headers, body: parsed !== undefined ? JSON.stringify(parsed) : undefined, signal: controller.current.signal });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: show as it came
      }
      setOutcome({ status: response.status, statusText: response.statusText, ms: performance.now() - start, headers: [...response.headers.entries()], body: pretty });
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
              <option key={s.url} value={s.url}>{`${s.description ?? s.url} (${s.url})`}</option>
            ))}
            <option value="__custom">Another URL…</option>
          </select>
          {server === '__custom' ? <input aria-label="Server URL" type="url" placeholder="https://" value={custom} onChange={(e) => setCustom(e.target.value)} /> : null}
        </div>
        <div className="api-console-row">
          <label htmlFor="console-key">API key</label>
          <input id="console-key" type="password" autoComplete="off" placeholder="sk_test_…" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
          <label className="api-console-check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember in this tab
          </label>
        </div>
        <p className="api-console-hint">Use a test key. The key stays in this page's memory (or this tab's session storage if you ask) and is sent only to the server above.</p>
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
        <div className="api-console-actions">
          <button type="button" className="button" onClick={send} disabled={busy}>{busy ? 'Sending…' : 'Send'}</button>
          {busy ? <button type="button" className="button button-secondary" onClick={() => controller.current?.abort()}>Cancel</button> : null}
          <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>Close</button>
        </div>
        {outcome ? (
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
        ) : null}
      </div>
    </div>
  );
}

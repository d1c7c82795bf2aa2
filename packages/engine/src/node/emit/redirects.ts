import { isExternalHref, splitHref } from '../../shared/routes';

/**
 * `_redirects` (Netlify / Cloudflare Pages syntax): the configured redirects, each form of each old
 * URL straight to its final target (one hop, chains followed), then the clean-URL normalisation as
 * one pattern per route depth instead of four lines per page. Rules are forced (`301!`) where the
 * old URL's redirect page, or the folder's index.html, would otherwise shadow them on Netlify
 * (all but the trailing-slash patterns).
 */

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

/** The final target of `to`: followed through other configured redirects (a loop stops where it closes). */
function finalTarget(to: string, byFrom: ReadonlyMap<string, string>): string {
  let target = to;
  const seen = new Set<string>();
  while (!isExternalHref(target)) {
    const { path, hash } = splitHref(target);
    const next = byFrom.get(path.replace(/\/$/, '') || '/');
    if (next === undefined || seen.has(path)) break;
    seen.add(path);
    // A fragment on the old URL's link wins over the one the next redirect names.
    target = hash && !next.includes('#') ? `${next}#${hash}` : next;
  }
  return target;
}

/** The forms an old URL is requested in: `/x`, `/x/`, `/x/index`, `/x/index.html`, `/x.html`. */
const formsOf = (from: string): string[] => (from === '/' ? ['/index', '/index.html'] : [from, `${from}/`, `${from}/index`, `${from}/index.html`, `${from}.html`]);

export function redirectRules(redirects: ReadonlyArray<{ from: string; to: string }>, routes: readonly string[]): RedirectRule[] {
  const byFrom = new Map(redirects.map((r) => [r.from, r.to]));
  const rules: RedirectRule[] = [];
  for (const r of redirects) for (const from of formsOf(r.from)) rules.push({ from, to: finalTarget(r.to, byFrom), status: 301, force: true });
  rules.push({ from: '/index', to: '/', status: 301, force: true }, { from: '/index.html', to: '/', status: 301, force: true });
  const depth = Math.max(0, ...routes.map((r) => (r === '/' ? 0 : r.split('/').length - 1)));
  for (let d = 1; d <= depth; d++) {
    const path = Array.from({ length: d }, (_, i) => `/:p${i + 1}`).join('');
    // The trailing-slash rule is not forced: Netlify matches rules with and without the trailing
    // slash alike, so a forced `/x/ → /x` would also catch `/x` and loop; unforced, the folder's
    // index.html shadows it there, and hosts that match exactly apply it.
    for (const suffix of ['/', '/index', '/index.html']) rules.push({ from: `${path}${suffix}`, to: path, status: 301, force: suffix !== '/' });
  }
  return rules;
}

/** A path as `_redirects` needs it: percent-encoded (a raw space would split the line), placeholders kept. */
const encodeRulePath = (p: string): string => (isExternalHref(p) ? encodeURI(decodeURISafe(p)) : encodeURI(decodeURISafe(p)).replace(/%3A/gi, ':'));
const decodeURISafe = (p: string): string => {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
};

export function formatRedirects(rules: readonly RedirectRule[]): string {
  const lines = rules.map((r) => `${encodeRulePath(r.from)} ${encodeRulePath(r.to)} ${r.status}${r.force ? '!' : ''}`);
  return `# Redirects (Netlify / Cloudflare Pages syntax): configured redirects, one hop each; then clean URLs, one pattern per depth.\n${lines.join('\n')}\n`;
}

export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/);
    if (!line.trim() || fields[0]!.startsWith('#') || fields.length < 2) continue;
    const status = fields[2] ?? '301';
    rules.push({ from: fields[0]!, to: fields[1]!, status: Number.parseInt(status, 10), force: status.endsWith('!') });
  }
  return rules;
}

/**
 * Where the first matching rule sends `urlPath` (as a host matches: `:name` is one whole segment,
 * a trailing `*` the rest, `:splat` what it matched), or null when none matches.
 */
export function matchRedirect(rules: readonly RedirectRule[], urlPath: string): { to: string; status: number } | null {
  for (const rule of rules) {
    const names: string[] = [];
    const source = rule.from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const splat = source.endsWith('*');
    const re = new RegExp(`^${splat ? `${source.slice(0, -1)}(.*)` : source}$`);
    const m = re.exec(urlPath);
    if (!m) continue;
    const values = new Map(names.map((n, i) => [n, m[i + 1]!]));
    if (splat) values.set('splat', m[names.length + 1]!);
    return { to: rule.to.replace(/:([A-Za-z]\w*)/g, (all, name: string) => values.get(name) ?? all), status: rule.status };
  }
  return null;
}

import { createHash } from 'node:crypto';

/**
 * The HTTP headers of the site, one source of truth: the build writes them as `_headers`
 * (Netlify / Cloudflare Pages syntax) and `docsgen serve` parses that file and sends what it says,
 * with the same matching rules, so what a reader gets from the preview is what a host sends.
 */

/** One block of `_headers`: a path pattern (`*` matches anything, `/` included) and its headers. */
export interface HeaderRule {
  path: string;
  headers: Array<[string, string]>;
}

export interface HeaderInputs {
  /** Inline scripts every page may carry (the head theme script, the live-reload script): allowed by hash. */
  inlineScripts: readonly string[];
  /** Origins the pages may fetch from besides their own (hosted search hosts, the API servers). */
  connectOrigins: readonly string[];
  /**
   * Origins of scripts the pages load from elsewhere (the tag-manager container, when configured):
   * allowed as script sources, and for the pings and pixels such a script sends.
   */
  scriptOrigins?: readonly string[];
  /** Output paths of SVG files: each is served so it cannot script or load anything. */
  svgFiles?: readonly string[];
}

/** Immutable caching: everything under `/assets/` has a content hash in its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML and every unhashed file: cache, but ask the server again before each use. */
export const REVALIDATE = 'no-cache';
/** What an SVG opened on its own may do: draw itself, nothing else. */
export const SVG_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** `sha256-…` source of an inline script, as CSP hashes it (UTF-8 bytes of the element's text). */
export const scriptHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The origin of a URL a page may connect to (`https://payments.epic.example`), or null for one that
 * is not an absolute http(s) URL (a server URL with `{variables}` in its host, a relative one).
 * A bare host name (a search host without a scheme) means https.
 */
export function connectOrigin(url: string): string | null {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
  if (!hasScheme && !/^[a-z0-9.-]+(:\d+)?$/i.test(url)) return null;
  const withScheme = hasScheme ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    if (/[{}%]/.test(parsed.host)) return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/** The Content-Security-Policy of every page. Styles come from the one CSS file only. */
export function contentSecurityPolicy(inputs: HeaderInputs): string {
  const scripts = [...new Set(inputs.inlineScripts)].map(scriptHash);
  const origins = (urls: readonly string[]) => [...new Set(urls.map(connectOrigin).filter((o): o is string => o !== null))].sort();
  const external = origins(inputs.scriptOrigins ?? []);
  const connect = origins([...inputs.connectOrigins, ...(inputs.scriptOrigins ?? [])]);
  return [
    "default-src 'self'",
    `script-src 'self'${external.map((o) => ` ${o}`).join('')} ${scripts.join(' ')}`.trim(),
    "style-src 'self'",
    `img-src 'self' data:${external.map((o) => ` ${o}`).join('')}`,
    "font-src 'self'",
    `connect-src 'self'${connect.map((o) => ` ${o}`).join('')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PERMISSIONS = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The rules of the site, in `_headers` order: every response, then hashed assets, then SVGs. */
export function headerRules(inputs: HeaderInputs): HeaderRule[] {
  const rules: HeaderRule[] = [
    {
      path: '/*',
      headers: [
        ['Content-Security-Policy', contentSecurityPolicy(inputs)],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', PERMISSIONS],
        ['X-Frame-Options', 'DENY'],
        ['Cross-Origin-Opener-Policy', 'same-origin'],
      ],
    },
    // Cache-Control is set per path and never by two rules for one path (hosts join repeated headers with commas).
    { path: '/assets/*', headers: [['Cache-Control', IMMUTABLE]] },
  ];
  for (const file of [...(inputs.svgFiles ?? [])].sort()) rules.push({ path: `/${file}`, headers: [['Content-Security-Policy', SVG_POLICY]] });
  return rules;
}

/** `_headers` text. Paths are percent-encoded: a raw space would end the pattern. */
export function formatHeaders(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((r) => `${encodeURI(r.path).replace(/%2A/g, '*')}\n${r.headers.map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
  return `# Response headers (Netlify / Cloudflare Pages syntax). docsgen serve sends the same.\n# HTML and other unhashed files: Cache-Control: ${REVALIDATE} (the default below).\n${blocks.join('\n')}\n`;
}

/** Parses `_headers` (the subset docsgen writes: a path line, then indented `Name: value` lines). */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules[rules.length - 1];
    if (rule && colon > 0) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

const patternCache = new Map<string, RegExp>();
const patternOf = (path: string): RegExp => {
  let re = patternCache.get(path);
  if (!re) {
    re = new RegExp(`^${path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    patternCache.set(path, re);
  }
  return re;
};

/**
 * The headers for a request path (percent-encoded, as sent), as Netlify and Cloudflare Pages send
 * them: every matching rule applies, and a header two rules set is sent once, its values joined by
 * `, ` (for Content-Security-Policy that means both policies are enforced). Cache-Control defaults
 * to revalidation.
 */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const rule of rules) {
    if (!patternOf(rule.path).test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      names[key] ??= name;
      out[names[key]!] = out[names[key]!] === undefined ? value : `${out[names[key]!]}, ${value}`;
    }
  }
  if (!('cache-control' in names)) out['Cache-Control'] = REVALIDATE;
  return out;
}

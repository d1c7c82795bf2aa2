import type { SiteData } from '../../shared/site';
import type { PageNode } from '../graph/page-graph';
import { escapeHtml } from './escape-html';
import { hasCard, hasTwin, markdownUrlFor, socialCardUrlFor } from '../../shared/agent-files';
import { jsonLdScripts, structuredData } from '../meta/json-ld';

export interface DocumentAssets {
  css: string;
  js: string;
  /** Extra inline script for `serve --watch` (live reload and error overlay). */
  devScript?: string;
  /** Island name → URL of its hydration bundle (templates write it into each island: `PageRenderData.islands`). */
  islands?: ReadonlyMap<string, string>;
  /** Web font files every page preloads (the config's `font`), after the stylesheet: the CSS blocks the first paint, the font does not. */
  fonts?: readonly string[];
}

/**
 * Runs before first paint: marks the page as scripted (`class="js"`: controls that need
 * JavaScript show only then), applies the stored colour mode, hides a dismissed announcement and
 * marks a Mac for the search shortcut hint, so none of them flashes or shifts the layout. With a
 * web font, it also decides the face of the first paint (`webFontScript`).
 */
export function headScript(site: SiteData): string {
  const fallback = site.colorMode.defaultMode;
  const system = site.colorMode.respectPrefersColorScheme
    ? `||(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')`
    : `||'${fallback}'`;
  // a Mac (or iPad/iPhone) shows the search shortcut as ⌘K (styles.css, data-platform)
  const mac = `var n=navigator,p=(n.userAgentData&&n.userAgentData.platform)||n.platform||'';if(/^mac|iphone|ipad/i.test(p))d.dataset.platform='mac';`;
  return `(function(){var d=document.documentElement;d.classList.add('js');${mac}${site.webFont ? webFontScript(site.webFont) : ''}try{var t=localStorage.getItem('theme');d.dataset.theme=(t==='dark'||t==='light')?t:(null${system});var a=d.dataset.announcement;if(a&&localStorage.getItem('docsgen.announcement.dismissed')===a)d.dataset.announcementDismissed='';if(localStorage.getItem('docsgen.sidebar.hidden')==='1')d.dataset.sidebarHidden='';}catch(e){d.dataset.theme='${fallback}'}})()`;
}

/**
 * Swap without the shift: `data-font="wait"` on <html> makes `--docsgen-font` name only the
 * size-adjusted fallback (the rule is in the font CSS, web-font.ts). The face is asked for in the
 * first animation frame, which runs after the render-blocking stylesheet and before the first
 * paint (here, before the stylesheet, there is no @font-face rule to load yet). When the
 * preloaded file is there, Chromium loads the face at once and the mark goes: the page paints in
 * it from the start. Otherwise the page stays in the fallback; once the face has loaded the mark
 * reads `ready`, and the client drops it at the next client navigation's content swap
 * (router.ts), where nothing moves under the reader's eyes. A face that never comes leaves the
 * fallback. Without the Font Loading API (or JavaScript) the page gets the classic swap.
 */
function webFontScript(family: string): string {
  // the family as `@font-face` declares it: no quote, backslash or `<` (web-font.ts), so nothing here can end the script
  const query = JSON.stringify(`1em "${family}"`);
  return `var f=document.fonts;if(f&&f.check&&window.requestAnimationFrame){d.setAttribute('data-font','wait');requestAnimationFrame(function(){f.load(${query}).then(function(l){if(l.length&&d.getAttribute('data-font')==='wait')d.setAttribute('data-font','ready')},function(){});if(f.check(${query}))d.removeAttribute('data-font')})}`;
}

const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#c2410c"/><path d="M9 22V10h13M9 16h10M9 22h13" stroke="#fff" stroke-width="3" fill="none"/></svg>')}`;

/** The one HTML shell of every page. */
export function htmlDocument({ site, page, body, assets, paintAfter = null }: { site: SiteData; page: PageNode; body: string; assets: DocumentAssets; paintAfter?: string | null }): string {
  const title = page.kind === 'home' ? site.title : `${page.title} | ${site.title}`;
  const canonical = site.url + (page.route === '/' ? '/' : page.route);
  const description = page.description || site.description;
  const announcement = site.announcement ? ` data-announcement="${escapeHtml(site.announcement.id)}"` : '';
  const robots = page.kind === 'not-found' || page.kind === 'search' ? '<meta name="robots" content="noindex">' : '';
  const twin = hasTwin(page.kind);
  const image = site.socialCards && hasCard(page.kind) ? site.url + socialCardUrlFor(page.route) : null;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(site.locale)}" data-theme="${site.colorMode.defaultMode}"${announcement}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
${page.kind === 'not-found' ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}">`}${robots}
<meta property="og:type" content="${page.kind === 'home' ? 'website' : 'article'}">
<meta property="og:site_name" content="${escapeHtml(site.title)}">
<meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:url" content="${escapeHtml(canonical)}">
${image ? `<meta property="og:image" content="${escapeHtml(image)}">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${escapeHtml(page.title)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image" content="${escapeHtml(image)}">` : '<meta name="twitter:card" content="summary">'}
<meta name="twitter:title" content="${escapeHtml(title)}">
<meta name="twitter:description" content="${escapeHtml(description)}">
<meta name="docsgen:version" content="${escapeHtml(site.versionLabel)}">
<link rel="icon" href="${FAVICON}">${searchMeta(site)}${site.supportUrl ? `
<meta name="docsgen:support" content="${escapeHtml(site.supportUrl)}">` : ''}${site.tagManager ? `
<meta name="docsgen:tag-manager" content="${escapeHtml(site.tagManager)}">` : ''}
<script>${headScript(site)}</script>${twin ? `
<link rel="alternate" type="text/markdown" title="${escapeHtml(page.title)} (Markdown)" href="${escapeHtml(markdownUrlFor(page.route))}">` : ''}${jsonLdScripts(structuredData(site, page, image))}
${page.feed ? `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(page.title)}" href="${escapeHtml(page.feed)}">
` : ''}${paintAfter ? `<link rel="expect" href="#${encodeURIComponent(paintAfter)}" blocking="render">
` : ''}<link rel="stylesheet" href="${assets.css}">
${(assets.fonts ?? []).map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="font" type="font/woff2" crossorigin>
`).join('')}<script type="module" src="${assets.js}"></script>
</head>
<body>
${body}${assets.devScript ? `\n<script>${assets.devScript}</script>` : ''}
</body>
</html>
`;
}

/**
 * What the search client reads: the local index when it is built, and the hosted service only when
 * it is configured (application id, search-only key, index, hosts), with the `docsearch:*` tags a
 * DocSearch crawler turns into the language and version facets (named by `search.facets`) and the
 * facet names themselves, which the client filters on.
 */
function searchMeta(site: SiteData): string {
  const { local, hosted } = site.search;
  const tags: Array<[string, string]> = [];
  if (local) tags.push(['docsgen:search-index', '/search-index.json']);
  if (hosted) {
    tags.push(
      ['docsgen:search-app-id', hosted.appId],
      ['docsgen:search-api-key', hosted.apiKey],
      ['docsgen:search-index-name', hosted.indexName],
      ['docsgen:search-hosts', hosted.hosts.join(' ')],
      ['docsgen:search-facet-language', hosted.facets.language],
      ['docsgen:search-facet-version', hosted.facets.version],
      [`docsearch:${hosted.facets.language}`, site.locale],
      [`docsearch:${hosted.facets.version}`, hosted.versionTag],
    );
  }
  return tags.map(([name, content]) => `\n<meta name="${name}" content="${escapeHtml(content)}">`).join('');
}

/** A redirect page for static hosts without redirect rules: canonical link, meta refresh and a plain link. */
export function redirectDocument(site: SiteData, to: string): string {
  const target = escapeHtml(to);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(site.locale)}">
<head>
<meta charset="utf-8">
<title>Redirecting to ${target}</title>
<link rel="canonical" href="${escapeHtml(site.url + to)}">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${target}">
</head>
<body>
<p>This page has moved to <a href="${target}">${target}</a>.</p>
</body>
</html>
`;
}

import { describe, expect, it } from 'vitest';
import { htmlFileForRoute, isExternalHref, normalizeRoutePath, routeForFile, splitHref, unsafeScheme } from '../../packages/engine/src/shared/routes';

describe('routeForFile', () => {
  it.each([
    ['index.mdx', '/'],
    ['index.md', '/'],
    ['changelog.mdx', '/changelog'],
    ['guide/setup.mdx', '/guide/setup'],
    ['guide/index.md', '/guide'],
    ['guide/payments/index.mdx', '/guide/payments'],
    ['guide\\payments\\cards.mdx', '/guide/payments/cards'],
  ])('%s → %s', (file, route) => {
    expect(routeForFile(file)).toBe(route);
  });

  it('only drops a whole "index" segment and only the .md/.mdx extension', () => {
    expect(routeForFile('reindex.mdx')).toBe('/reindex');
    expect(routeForFile('guide/index-of-terms.mdx')).toBe('/guide/index-of-terms');
    expect(routeForFile('guide/index/cards.mdx')).toBe('/guide/index/cards');
    expect(routeForFile('api.v2.mdx')).toBe('/api.v2');
    expect(routeForFile('notes.md.mdx')).toBe('/notes.md');
  });
});

describe('htmlFileForRoute', () => {
  it('puts every route in its own folder as index.html', () => {
    expect(htmlFileForRoute('/')).toBe('index.html');
    expect(htmlFileForRoute('/guide')).toBe('guide/index.html');
    expect(htmlFileForRoute('/guide/setup')).toBe('guide/setup/index.html');
    expect(htmlFileForRoute('/404')).toBe('404.html');
  });

  it('round-trips with routeForFile', () => {
    for (const file of ['index.mdx', 'guide/index.mdx', 'guide/setup.mdx']) {
      expect(routeForFile(htmlFileForRoute(routeForFile(file)).replace(/\.html$/, '.mdx'))).toBe(routeForFile(file));
    }
  });
});

describe('normalizeRoutePath', () => {
  it.each([
    ['/x/index', '/x'],
    ['/x/index.html', '/x'],
    ['/x.html', '/x'],
    ['/x/', '/x'],
    ['/guide/setup/', '/guide/setup'],
    ['/guide/setup.html', '/guide/setup'],
    ['/a//', '/a'],
    ['/index', '/'],
    ['/index.html', '/'],
    ['//', '/'],
    ['/x/index/', '/x'],
    ['/x/index.html/', '/x'],
  ])('%s → %s', (raw, clean) => {
    expect(normalizeRoutePath(raw)).toBe(clean);
  });

  it('returns null for paths that are already clean', () => {
    for (const clean of ['/', '/x', '/guide/setup', '/reindex', '/guide/index-of-terms', '/a.b', '/a/b.htm']) expect(normalizeRoutePath(clean), clean).toBeNull();
  });
});

describe('splitHref and isExternalHref', () => {
  it('splits at the first # and decodes the hash', () => {
    expect(splitHref('/guide/setup#install')).toEqual({ path: '/guide/setup', hash: 'install' });
    expect(splitHref('/a#caf%C3%A9%20au%20lait')).toEqual({ path: '/a', hash: 'café au lait' });
    expect(splitHref('#top')).toEqual({ path: '', hash: 'top' });
    expect(splitHref('/a')).toEqual({ path: '/a', hash: '' });
    expect(splitHref('/a#b#c')).toEqual({ path: '/a', hash: 'b#c' });
  });

  it('treats scheme and protocol-relative hrefs as external, paths and fragments as internal', () => {
    for (const href of ['https://example.com', 'http://x', 'mailto:a@example.com', 'tel:+4712345678', '//cdn.example.com/x.js']) expect(isExternalHref(href), href).toBe(true);
    for (const href of ['/guide', './setup.mdx', '../index.mdx', 'setup', '#install', '']) expect(isExternalHref(href), href).toBe(false);
  });
});

describe('unsafeScheme', () => {
  it('finds the schemes that run script, as a browser reads the URL', () => {
    expect(unsafeScheme('javascript:alert(1)')).toBe('javascript');
    expect(unsafeScheme('JavaScript:alert(1)')).toBe('javascript');
    expect(unsafeScheme('  \u0001javascript:alert(1)')).toBe('javascript');
    expect(unsafeScheme('java\tscr\nipt:alert(1)')).toBe('javascript');
    expect(unsafeScheme('vbscript:msgbox')).toBe('vbscript');
    expect(unsafeScheme('data:text/html,x')).toBe('data');
  });

  it('lets every other link through', () => {
    for (const href of ['https://example.com/javascript:x', '/guide/javascript', './javascript.mdx', '#javascript:x', 'mailto:a@example.com', 'javascript', '']) expect(unsafeScheme(href), href).toBeNull();
  });
});

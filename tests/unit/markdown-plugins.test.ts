import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Root, RootContent, Link, Image, Heading as MdHeading } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { parseMarkdown, substituteVariables } from '../../packages/engine/src/node/markdown/parse-markdown';
import { remarkHeadings } from '../../packages/engine/src/node/markdown/plugins/remark-headings';
import { remarkAdmonitions } from '../../packages/engine/src/node/markdown/plugins/remark-admonitions';
import { remarkLinks, svgSize } from '../../packages/engine/src/node/markdown/plugins/remark-links';
import { remarkCodeTabs } from '../../packages/engine/src/node/markdown/plugins/remark-code-tabs';
import { remarkValidateContent } from '../../packages/engine/src/node/markdown/plugins/remark-validate-content';
import { checkUnclosedContainers } from '../../packages/engine/src/node/markdown/plugins/remark-directives';
import { checkTreeDepth, checkTreeSize, INLINE_PARSE_MAX_BYTES, INLINE_PARSE_MAX_IMAGES, INLINE_PARSE_MAX_MARKUP, MAX_TREE_DEPTH, MAX_TREE_NODES, parsesInline, scanNesting } from '../../packages/engine/src/node/markdown/limits';
import { parseInWorker } from '../../packages/engine/src/node/markdown/parse-worker';
import { linearListHandlers } from '../../packages/engine/src/node/markdown/list-items';
import { fileOf, setSourceFile } from '../../packages/engine/src/node/markdown/plugins/source-file';
import type { Diagnostic } from '../../packages/engine/src/shared/diagnostic';
import { plainParagraph } from '../../packages/engine/src/node/markdown/plain-paragraph';
import { MarkdownRenderer } from '../../packages/engine/src/node/markdown/markdown-to-html';
import { CodeHighlighter, HighlightCache } from '../../packages/engine/src/node/markdown/highlight';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { toHast } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import type { Root as HastRoot } from 'hast';
import { portalSpecDescriptions } from '../helpers/spec-descriptions';
import { seededRandom } from '../helpers/seeded';

const FILE = 'page.mdx';

function parse(source: string, file = FILE): Root {
  const { tree, diagnostics } = parseMarkdown(source, file);
  expect(diagnostics).toEqual([]);
  return tree!;
}

/** The tree without positions, for comparing shapes. */
function shape(node: unknown): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value)));
}

const brief = (list: Diagnostic[]) => list.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('parseMarkdown', () => {
  it('reports an MDX syntax error with its position and no tree', () => {
    const { tree, diagnostics } = parseMarkdown('Line one.\n\n<Card title="x">\n\nunclosed\n', FILE);
    expect(tree).toBeNull();
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['3:1 MdxSyntax']);
  });

  it('parses .md files as CommonMark, where braces and tags are plain text', () => {
    const { tree, diagnostics } = parseMarkdown('Total {1 + 1}.\n', 'page.md');
    expect(diagnostics).toEqual([]);
    expect(toString(tree!)).toBe('Total {1 + 1}.');
  });
});

describe('substituteVariables', () => {
  it('replaces known variables, reports unknown provider./site. ones at their position, and leaves other names alone', () => {
    const { text, diagnostics } = substituteVariables('Call {{ provider.name }}.\nSee {{site.nope}} and {{other.thing}}.', { 'provider.name': 'Pay', 'site.title': 'Docs' }, FILE);
    expect(text).toBe('Call Pay.\nSee {{site.nope}} and {{other.thing}}.');
    expect(brief(diagnostics)).toEqual([`${FILE}:2:5 UnknownVariable unknown variable {{site.nope}}`]);
    expect(diagnostics[0]!.hint).toBe('known: {{provider.name}}, {{site.title}}');
  });
});

describe('remarkHeadings', () => {
  it('gives every heading a slug id, numbering duplicates, and returns them in order with lines', () => {
    const tree = parse('## Setup\n\nText.\n\n## Setup\n\n### Set-up!\n\n## Hello, `World`!\n\n## Über uns\n\n### Setup\n');
    const { headings, firstH1 } = remarkHeadings(tree);
    expect(firstH1).toBeNull();
    expect(headings).toEqual([
      { depth: 2, id: 'setup', text: 'Setup', line: 1 },
      { depth: 2, id: 'setup-1', text: 'Setup', line: 5 },
      { depth: 3, id: 'set-up', text: 'Set-up!', line: 7 },
      { depth: 2, id: 'hello-world', text: 'Hello, World!', line: 9 },
      { depth: 2, id: 'über-uns', text: 'Über uns', line: 11 },
      { depth: 3, id: 'setup-2', text: 'Setup', line: 13 },
    ]);
    const ids: unknown[] = [];
    visit(tree, 'heading', (node: MdHeading) => {
      ids.push(node.data?.hProperties?.id);
    });
    expect(ids).toEqual(['setup', 'setup-1', 'set-up', 'hello-world', 'über-uns', 'setup-2']);
  });

  it('is stable: the same source gives the same ids every time', () => {
    const source = '## A\n\n## A\n\n## B\n';
    expect(remarkHeadings(parse(source)).headings).toEqual(remarkHeadings(parse(source)).headings);
  });

  it('removes a leading H1 and returns its text, but keeps a later H1 as a heading', () => {
    const tree = parse('# Page title\n\nIntro.\n\n# Another H1\n');
    const { headings, firstH1 } = remarkHeadings(tree);
    expect(firstH1).toBe('Page title');
    expect(tree.children.map((n) => n.type)).toEqual(['paragraph', 'heading']);
    expect(headings).toEqual([{ depth: 1, id: 'another-h1', text: 'Another H1', line: 5 }]);
  });

  it('numbers around reserved ids', () => {
    const { headings } = remarkHeadings(parse('## Overview\n\n## Request\n'), ['overview', 'request', 'request']);
    expect(headings.map((h) => h.id)).toEqual(['overview-1', 'request-2']);
  });
});

describe('remarkAdmonitions', () => {
  const admonition = (node: RootContent | undefined) => {
    expect(node?.type).toBe('mdxJsxFlowElement');
    const element = node as MdxJsxFlowElement;
    return { name: element.name, attributes: element.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? `${a.name}=${String(a.value)}` : a.type)), text: toString(element) };
  };

  it('turns a titled container into <Admonition type title> without the label paragraph', () => {
    const source = ':::warning[Be *careful*]\nBody **text**.\n:::\n';
    const tree = parse(source);
    expect(remarkAdmonitions(tree, FILE, source)).toEqual([]);
    expect(admonition(tree.children[0])).toEqual({ name: 'Admonition', attributes: ['type=warning', 'title=Be careful'], text: 'Body text.' });
  });

  it('gives an untitled admonition only a type, for every known type', () => {
    for (const type of ['note', 'tip', 'info', 'warning', 'danger']) {
      const source = `:::${type}\nPlain.\n:::\n`;
      const tree = parse(source);
      expect(remarkAdmonitions(tree, FILE, source)).toEqual([]);
      expect(admonition(tree.children[0])).toEqual({ name: 'Admonition', attributes: [`type=${type}`], text: 'Plain.' });
    }
  });

  it('reports an unknown type at its position and leaves the container alone', () => {
    const source = 'Intro.\n\n  :::caution[Hot]\nX\n:::\n';
    const tree = parse(source);
    const problems = remarkAdmonitions(tree, FILE, source);
    expect(brief(problems)).toEqual([`${FILE}:3:3 UnknownAdmonition unknown admonition ":::caution"`]);
    expect(problems[0]!.hint).toBe('use one of note, tip, info, warning, danger');
    expect(tree.children[1]!.type).toBe('containerDirective');
  });

  it('turns text and leaf directives back into the exact text they came from', () => {
    const source = 'Meet at 10:30, see :abbr[API]{title="x"} now.\n\n::leaf\n';
    const tree = parse(source);
    expect(remarkAdmonitions(tree, FILE, source)).toEqual([]);
    expect(tree.children.map((n) => n.type)).toEqual(['paragraph', 'paragraph']);
    expect(toString(tree.children[0])).toBe('Meet at 10:30, see :abbr[API]{title="x"} now.');
    expect(toString(tree.children[1])).toBe('::leaf');
    let directives = 0;
    visit(tree, (node) => {
      if (node.type === 'textDirective' || node.type === 'leafDirective') directives++;
    });
    expect(directives).toBe(0);
  });
});

describe('remarkLinks', () => {
  const content = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-links-'));
  dirs.push(content);
  fs.mkdirSync(path.join(content, 'guide'));
  fs.writeFileSync(path.join(content, 'guide/diagram.png'), 'png');
  const file = path.join(content, 'guide/intro.mdx');
  const run = (source: string, route = '/guide/intro', from = file) => {
    const tree = parse(source);
    const urls: string[] = [];
    const result = remarkLinks(tree, { file: from, route, contentPath: content, assetUrl: (s) => `/assets/${path.basename(s, '.png')}.0123abcd.png` });
    visit(tree, (node) => {
      if (node.type === 'link' || node.type === 'image' || node.type === 'definition') urls.push((node as Link).url);
    });
    return { ...result, urls, tree };
  };

  it('rewrites relative .mdx/.md links to routes, keeps the anchor and records the position', () => {
    const { links, urls } = run('See [setup](./setup.mdx#install) and\n[home](../index.mdx), [api](../api/index.md#top).\n');
    expect(urls).toEqual(['/guide/setup#install', '/', '/api#top']);
    expect(links).toEqual([
      { href: '/guide/setup#install', route: '/guide/setup', hash: 'install', file, line: 1, column: 5 },
      { href: '/', route: '/', hash: '', file, line: 2, column: 1 },
      { href: '/api#top', route: '/api', hash: 'top', file, line: 2, column: 23 },
    ]);
  });

  it('cleans absolute routes, resolves fragment-only links to the page itself, and leaves external links alone', () => {
    const { links, urls } = run('[a](/guide/setup/) [b](#local) [c](https://example.com/x) [d](mailto:a@example.com) [e](/)\n');
    expect(urls).toEqual(['/guide/setup', '/guide/intro#local', 'https://example.com/x', 'mailto:a@example.com', '/']);
    expect(links.map((l) => [l.route, l.hash])).toEqual([
      ['/guide/setup', ''],
      ['/guide/intro', 'local'],
      ['/', ''],
    ]);
  });

  it('resolves a bare relative path from an index page against its folder', () => {
    const { urls } = run('[s](setup) [p](../pricing)\n', '/guide', path.join(content, 'guide/index.mdx'));
    expect(urls).toEqual(['/guide/setup', '/pricing']);
  });

  it('resolves a bare relative path from a page against its folder too, like ./x.mdx', () => {
    const { urls } = run('[s](./setup) [p](../pricing) [m](./setup.mdx)\n', '/guide/intro', path.join(content, 'guide/intro.mdx'));
    expect(urls).toEqual(['/guide/setup', '/pricing', '/guide/setup']);
  });

  it('turns a malformed escape into a link to check, not a crash', () => {
    const { links } = run('[a](/guide/setup#100%) [b](./100%.mdx)\n');
    expect(links.map((l) => [l.route, l.hash])).toEqual([
      ['/guide/setup', '100%'],
      ['/guide/100%', ''],
    ]);
  });

  it('decodes the hash for checking and re-encodes it in the emitted href', () => {
    const { links } = run('[x](./setup.mdx#caf%C3%A9%20noir)\n');
    expect(links[0]).toMatchObject({ href: '/guide/setup#caf%C3%A9%20noir', route: '/guide/setup', hash: 'café noir' });
  });

  it('rewrites href and to attributes of components and link definitions', () => {
    const { links, tree } = run('<Card title="Setup" href="./setup.mdx#install" />\n\n[ref]: ./faq.md\n');
    const card = tree.children[0] as MdxJsxFlowElement;
    expect(card.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? [a.name, a.value] : null))).toEqual([
      ['title', 'Setup'],
      ['href', '/guide/setup#install'],
    ]);
    expect(links.map((l) => `${l.href}@${l.line}:${l.column}`)).toEqual(['/guide/setup#install@1:1', '/guide/faq@3:1']);
  });

  it('resolves links of included nodes against the partial they came from', () => {
    const tree = parse('[x](./webhook.mdx#events)\n');
    visit(tree, 'link', (node: Link) => setSourceFile(node, path.join(content, 'partials/_links.mdx')));
    const { links } = remarkLinks(tree, { file, route: '/guide/intro', contentPath: content, assetUrl: (s) => s });
    expect(links).toEqual([{ href: '/partials/webhook#events', route: '/partials/webhook', hash: 'events', file: path.join(content, 'partials/_links.mdx'), line: 1, column: 1 }]);
  });

  it('hands relative images to the asset hasher and reports a missing one at its position', () => {
    const { assets, diagnostics, tree } = run('![Flow](./diagram.png)\n\nText ![Gone](./gone.png) ![Remote](https://cdn.example/x.png)\n');
    expect(assets).toEqual([{ source: path.join(content, 'guide/diagram.png'), url: '/assets/diagram.0123abcd.png' }]);
    expect(brief(diagnostics)).toEqual([`${file}:3:6 MissingImage image not found: ./gone.png`]);
    const images: string[] = [];
    visit(tree, 'image', (node: Image) => {
      images.push(node.url);
    });
    expect(images).toEqual(['/assets/diagram.0123abcd.png', './gone.png', 'https://cdn.example/x.png']);
  });
});

describe('source-file', () => {
  it('remembers the file a node came from and falls back otherwise', () => {
    const tree = parse('Text.\n');
    expect(fileOf(tree.children[0]!, 'fallback.mdx')).toBe('fallback.mdx');
    setSourceFile(tree.children[0]!, 'partial.mdx');
    expect(fileOf(tree.children[0]!, 'fallback.mdx')).toBe('partial.mdx');
  });
});

describe('remarkCodeTabs', () => {
  const languages = ['curl', 'javascript', 'nodejs', 'go'];
  const tabs = (tree: Root) => {
    const node = tree.children[0] as MdxJsxFlowElement;
    return {
      name: node.name,
      attributes: node.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? `${a.name}=${String(a.value)}` : '')),
      items: node.children.map((c) => {
        const item = c as MdxJsxFlowElement;
        return `${item.name} ${item.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? `${a.name}=${String(a.value)}` : '')).join(' ')} :: ${toString(item)}`;
      }),
    };
  };

  it('turns fenced blocks into TabItems in the configured language order', () => {
    const tree = parse('<CodeTabs>\n\n```go\nfmt.Println()\n```\n\n```nodejs\nawait fetch()\n```\n\n```curl\ncurl -X POST\n```\n\n</CodeTabs>\n');
    expect(remarkCodeTabs(tree, FILE, languages)).toEqual([]);
    expect(tabs(tree)).toEqual({
      name: 'Tabs',
      attributes: ['groupId=code-language', 'className=code-tabs'],
      items: ['TabItem value=curl label=cURL :: curl -X POST', 'TabItem value=nodejs label=Node.js :: await fetch()', 'TabItem value=go label=Go :: fmt.Println()'],
    });
  });

  it('reports unknown and repeated languages and non-code content at their positions, keeping the valid blocks', () => {
    const tree = parse('<CodeTabs>\n\n```go\na\n```\n\n```ruby\nb\n```\n\n```go\nc\n```\n\nSome prose.\n\n```\nno lang\n```\n\n</CodeTabs>\n');
    expect(brief(remarkCodeTabs(tree, FILE, languages))).toEqual([
      `${FILE}:7:1 CodeTabsLanguage CodeTabs language must be one of curl, javascript, nodejs, go; got "ruby"`,
      `${FILE}:11:1 CodeTabsLanguage CodeTabs has two "go" blocks`,
      `${FILE}:15:1 CodeTabsContent CodeTabs may only contain fenced code blocks`,
      `${FILE}:17:1 CodeTabsLanguage CodeTabs language must be one of curl, javascript, nodejs, go; got ""`,
    ]);
    expect(tabs(tree).items).toEqual(['TabItem value=go label=Go :: a']);
  });

  it('leaves other components alone', () => {
    const tree = parse('<Tabs>\n\n```go\na\n```\n\n</Tabs>\n');
    const before = shape(tree);
    expect(remarkCodeTabs(tree, FILE, languages)).toEqual([]);
    expect(shape(tree)).toEqual(before);
  });
});

describe('remarkValidateContent', () => {
  const components = new Set(['Card', 'Tabs', 'TabItem']);

  it('rejects ESM, expressions, unknown components, spreads, expression attributes and fragments, each at its position', () => {
    const source = "import X from 'y'\n\nexport const a = 1\n\nTotal {1 + 1} today.\n\n{flow}\n\n<Carousel speed=\"2\" />\n\n<Card {...props} title={t} plain=\"s\" flag />\n\n<>frag</>\n\nPress <kbd>K</kbd> or <Badge>x</Badge>.\n";
    const problems = remarkValidateContent(parse(source), FILE, components);
    expect(brief(problems)).toEqual([
      `${FILE}:1:1 EsmInContent import and export are not allowed in content`,
      `${FILE}:3:1 EsmInContent import and export are not allowed in content`,
      `${FILE}:5:7 ExpressionInContent JavaScript expression {1 + 1} is not allowed in content`,
      `${FILE}:7:1 ExpressionInContent JavaScript expression {flow} is not allowed in content`,
      `${FILE}:9:1 UnknownComponent unknown component <Carousel>`,
      `${FILE}:11:1 ExpressionInContent spread attributes are not allowed in <Card>`,
      `${FILE}:11:1 ExpressionInContent attribute title of <Card> must be a plain string, not an expression`,
      `${FILE}:13:1 UnknownComponent fragments <>…</> are not allowed in content`,
      `${FILE}:15:23 UnknownComponent unknown component <Badge>`,
    ]);
    expect(problems.every((p) => p.severity === 'error')).toBe(true);
    expect(problems[4]!.hint).toBe('available: Card, TabItem, Tabs');
  });

  it('accepts registered components, allowed HTML tags and escaped braces', () => {
    const source = '<Card title="Go" href="/guide">\n\nText with \\{braces\\} and `{code}`.\n\n</Card>\n\n<details><summary>More</summary>Hidden <kbd>Ctrl</kbd></details>\n';
    expect(remarkValidateContent(parse(source), FILE, components)).toEqual([]);
  });

  it('reports problems inside included nodes against the partial', () => {
    const tree = parse('Intro.\n\n{x}\n');
    setSourceFile(tree.children[1]!, 'partials/_p.mdx');
    expect(brief(remarkValidateContent(tree, FILE, components))).toEqual(['partials/_p.mdx:3:1 ExpressionInContent JavaScript expression {x} is not allowed in content']);
  });
});

describe('svgSize', () => {
  it('reads the size of an SVG from width/height or its viewBox, so the page reserves its box', () => {
    expect(svgSize('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1048 750">')).toEqual({ width: 1048, height: 750 });
    expect(svgSize('<svg width="640" height="480px" viewBox="0 0 10 10">')).toEqual({ width: 640, height: 480 });
    expect(svgSize('<svg width="100%" height="100%" viewBox="0,0,320,200">')).toEqual({ width: 320, height: 200 });
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg">')).toBeNull();
    expect(svgSize('not an svg')).toBeNull();
  });
});

/** The HTML the Markdown parser and mdast-util-to-hast make of a text: what plainParagraph must match. */
function viaParser(text: string): string {
  const hast = toHast(unified().use(remarkParse).use(remarkGfm).parse(text)) as HastRoot;
  visit(hast, (node) => void delete (node as { position?: unknown }).position);
  delete (hast as { position?: unknown }).position;
  return toHtml(hast);
}

describe('plainParagraph (descriptions rendered without the Markdown parser)', () => {
  it('gives every plain description of the portal spec the tree the parser gives it, and takes most of them', () => {
    const texts = portalSpecDescriptions();
    let plain = 0;
    for (const text of texts) {
      const tree = plainParagraph(text);
      if (!tree) continue;
      plain++;
      expect(toHtml(tree), text).toBe(viaParser(text));
    }
    expect(plain / texts.size).toBeGreaterThan(0.5);
  });

  it('leaves anything with markup, edge whitespace or block syntax to the parser', () => {
    const parsed = ['Use `sk_test_` keys\nin test.', 'The amount, in minor units (øre, cents).', "It's \"quoted\" (and 'single').", 'See [the schema](/api/schemas/payment).', 'Either [a (b)](https://x.example/p?q=1#f) or `c`, see [d](#e)'];
    for (const text of parsed) expect(toHtml(plainParagraph(text)!)).toBe(viaParser(text));
    const refused = ['*bold*', 'a_b', 'see [docs](/x y)', 'see [ docs](/x)', 'see [docs](</x>)', 'see ![img](/x)', 'see [a *b*](/x)', 'see [docs](/x "t")', 'see [docs](/x&amp;y)', 'see [docs](/x(y))', 'see [docs][ref]', 'see [`code`](/x)', '[docs](/x) first', 'x & y', '# Heading', '- item', '1. first', 'two\n\nparagraphs', 'trailing  \nbreak', ' leading', 'www.epic.example', 'https://x.example', 'mail@x.example', 'odd `tick', '`` double ``', '` spaced `', 'a\n    indented', 'a ~~b~~', 'a | b', 'Foo\n===', 'line\n-'];
    for (const text of refused) expect(plainParagraph(text), text).toBeNull();
  });
});

describe('plainParagraph on generated text', () => {
  it('gives what it takes the tree the parser gives: words, code spans and links in any order', () => {
    const pieces = ['a', 'B', ' ', '\n', '.', ',', ':', '(', ')', '"', "'", '`c`', '` d`', '[e](/f)', '[g h](https://x.example/i?j=k#l)', '[ m](/n)', '[o](/p q)', '[r](/s)t', '](/u)', '[v]', '![w](/x)', '[y](/z "t")', 'www.x', '@', '*', '_', '-', '1.', '#'];
    const next = seededRandom(11);
    let links = 0;
    for (let i = 0; i < 5000; i++) {
      let text = pieces[next(2)]!;
      for (let j = 1 + next(7); j > 0; j--) text += pieces[next(pieces.length)];
      const tree = plainParagraph(text);
      if (!tree) continue;
      const html = toHtml(tree);
      if (html.includes('<a ')) links++;
      expect(html, JSON.stringify(text)).toBe(viaParser(text));
    }
    expect(links).toBeGreaterThan(200);
  });
});

describe('positions after variable substitution', () => {
  it('maps tree and diagnostic positions back to the file as written', () => {
    const source = 'A {{provider.apiTest}} [x](/a)\n{{provider.name}}\n\n[y](/b)\n';
    const vars = substituteVariables(source, { 'provider.apiTest': 'https://api.test.example', 'provider.name': 'Pay\nCo' }, FILE);
    const tree = parse(vars.text);
    vars.map.mapTree(tree);
    const links: string[] = [];
    visit(tree, 'link', (node: Link) => {
      links.push(`${node.url} ${node.position!.start.line}:${node.position!.start.column}@${node.position!.start.offset}`);
    });
    expect(links).toEqual(['https://api.test.example 1:3@2', `/a 1:24@23`, `/b 4:1@${source.indexOf('[y]')}`]);
    const [mapped] = vars.map.mapDiagnostics([{ code: 'DeadLink', severity: 'error', message: 'm', file: FILE, line: 5, column: 2 }]);
    expect(`${mapped!.line}:${mapped!.column}`).toBe('4:2');
  });
});

describe('nesting limits', () => {
  it('counts lists, quotes and tags but not fenced code or code spans', () => {
    const deepCode = `\`\`\`html\n${'<div>'.repeat(100)}\n\`\`\`\n`;
    const span = `Text \`${'<div>'.repeat(100)}\` here.\n`;
    const list = Array.from({ length: 10 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    expect(scanNesting(deepCode + span + list, FILE, true)).toBeNull();
    expect(brief([scanNesting(`${'> '.repeat(40)}x`, FILE, true)!])).toEqual([`${FILE}:1:65 NestingTooDeep lists, quotes, admonitions and components are nested more than 32 levels deep here (33)`]);
    expect(scanNesting(`${'<div>'.repeat(40)}`, 'page.md', false)).toBeNull();
  });

  it('counts open directive containers (admonitions), and closed ones no more', () => {
    const nested = (n: number) => Array.from({ length: n }, (_, i) => `${':'.repeat(3 + n - i)}note`).join('\n');
    expect(brief([scanNesting(nested(40), FILE, false)!])).toEqual([`${FILE}:33:1 NestingTooDeep lists, quotes, admonitions and components are nested more than 32 levels deep here (33)`]);
    // forty admonitions one after another never nest
    expect(scanNesting(Array.from({ length: 40 }, () => ':::note\ntext\n:::').join('\n\n'), FILE, false)).toBeNull();
    // inside a fenced code block, colons are code
    expect(scanNesting(`\`\`\`\n${nested(40)}\n\`\`\``, FILE, false)).toBeNull();
  });

  it('stops trees deeper than the limit that the line scan cannot see', () => {
    const tree = parse(`${'*a '.repeat(5)}x`);
    expect(checkTreeDepth(tree, FILE)).toBeNull();
    let node: RootContent = { type: 'text', value: 'x' };
    for (let i = 0; i < MAX_TREE_DEPTH + 5; i++) node = { type: 'emphasis', children: [node] } as RootContent;
    expect(checkTreeDepth({ type: 'root', children: [node] } as Root, FILE)?.code).toBe('NestingTooDeep');
  });
});

describe('bounded parsing', () => {
  const RICH = [
    '# Title',
    '',
    'Text with *emphasis*, **strong**, ~~gone~~, `code`, [a link](/x) and ![an image](/i.png) and www.example.com.',
    '',
    '| a | b |',
    '| - | :-: |',
    '| 1 | 2 |',
    '',
    '- [x] done',
    '- open',
    '',
    ':::note[Heads up]',
    'Inside :abbr[API]{title="x"}.',
    ':::',
    '',
    '> quoted',
    '',
    '```js title="a.js"',
    'let a = 1;',
    '```',
    '',
  ].join('\n');

  it('parses ordinary pages on this thread and large or markup-dense ones on the worker', () => {
    expect(parsesInline(RICH.repeat(20))).toBe(true);
    expect(parsesInline('word '.repeat(INLINE_PARSE_MAX_BYTES / 5 + 1))).toBe(false);
    expect(parsesInline('*a'.repeat(INLINE_PARSE_MAX_MARKUP + 1))).toBe(false);
    expect(parsesInline('![a '.repeat(INLINE_PARSE_MAX_IMAGES + 1))).toBe(false);
  });

  it('gives the same tree on the worker as on this thread, for MDX and for Markdown', () => {
    const mdx = `${RICH}\n<Card title="x">\n\nIn a card.\n\n</Card>\n`;
    // literal autolinks, some found by the tokenizer and some (after a character reference or an
    // escape) by GFM's transform, which this thread runs only where a text could hold one
    const links = 'Mail ops@example.com, www.example.com, HTTPS://example.com/a?b=1, [https://x.dev](https://x.dev), `a@b.co`, mailto:a@b.co, &amp;www.x.com, HTTPS&#58;//a.b, x&#64;y.com and a\\@b.co.\n';
    for (const [text, file] of [[mdx, 'page.mdx'], [RICH, 'page.md'], [`${RICH}\n${links}`, 'page.md'], [`${links}\n${mdx}`, 'page.mdx']] as const) {
      const here = parseMarkdown(text, file).tree;
      const there = parseInWorker(text, file.endsWith('.mdx'), 10_000, MAX_TREE_NODES);
      expect('tree' in there && JSON.stringify(there.tree)).toBe(JSON.stringify(here));
    }
  });

  it('stops a parse that runs over its deadline, and reports syntax errors and oversized trees', () => {
    const started = performance.now();
    expect(parseInWorker('*a _b ~c '.repeat(20_000), true, 100, MAX_TREE_NODES)).toEqual({ timeout: true });
    expect(performance.now() - started).toBeLessThan(10_000);
    const error = parseInWorker('Text\n\n<Card>\n', true, 10_000, MAX_TREE_NODES);
    expect('error' in error && error.error.reason).toMatch(/Card/);
    expect(parseInWorker('- a\n- b\n- c\n', true, 10_000, 5)).toEqual({ tooMany: { line: 2, column: 1, offset: 4 } });
  });

  it('names the node that passes the size limit', () => {
    const tree = parse('- x\n'.repeat(MAX_TREE_NODES / 3 + 10));
    expect(brief([checkTreeSize(tree, FILE)!])[0]).toMatch(/^page\.mdx:16667:1 PageTooComplex /);
    expect(checkTreeSize(parse(RICH), FILE)).toBeNull();
  });

  it('turns lists into the same HTML as mdast-util-to-hast does on its own', () => {
    for (const text of ['- a\n- b\n', '- a\n\n- b\n', '1. a\n2. b\n\n   more\n3. c\n', '- [x] a\n- [ ] b\n', '-\n-\n- a\n  - b\n\n  - c\n']) {
      const tree = parse(text);
      expect(toHtml(toHast(tree, { handlers: linearListHandlers }) as HastRoot)).toBe(toHtml(toHast(tree) as HastRoot));
    }
  });
});

describe('checkUnclosedContainers', () => {
  const check = (source: string) => {
    const tree = parse(source);
    return brief(checkUnclosedContainers(tree, FILE, source)).map((l) => l.split(' ').slice(0, 2).join(' '));
  };

  it('accepts closed, nested and quoted containers', () => {
    expect(check(':::note\nA\n:::\n\n::::tip\n:::note\nB\n:::\n::::\n\n> :::info\n> C\n> :::\n')).toEqual([]);
  });

  it('reports an unclosed container at its opening line, also one its outer container closed', () => {
    expect(check('Intro.\n\n:::note\nText\n\n## Later\n')).toEqual([`${FILE}:3:1 UnclosedAdmonition`]);
    expect(check('::::note\n:::tip\nB\n::::\n')).toEqual([`${FILE}:2:1 UnclosedAdmonition`]);
    expect(check('::::note\n:::tip\nB\n:::\n')).toEqual([`${FILE}:1:1 UnclosedAdmonition`]);
    expect(check(':::warning[Title]\n')).toEqual([`${FILE}:1:1 UnclosedAdmonition`]);
  });
});

describe('MarkdownRenderer (the descriptions of a spec)', () => {
  const renderer = () => new MarkdownRenderer({ highlighter: new CodeHighlighter(new HighlightCache(null)), renderTree: (tree) => toHtml(tree) });
  const texts = ['See [the guide](https://docs.example/guide).', '## Errors\n\nRead [the list](/api/errors) and [this](#retries).', 'Plain text.'];

  it('places a description only for an unsafe link: placing one may parse the whole spec again', async () => {
    const r = renderer();
    const placed: string[] = [];
    await r.prepare(texts, (text) => {
      placed.push(text);
      return { file: 'specs/api.yaml', line: 1, column: 1 };
    });
    expect(placed).toEqual([]);
    expect(r.diagnostics).toEqual([]);
    expect(r.html(texts[0]!)).toContain('href="https://docs.example/guide"');
  });

  it('reports an unsafe link in a description at the place `where` gives', async () => {
    const r = renderer();
    const bad = ['A [trap](javascript:alert(1)).', '## Heading\n\nAnother [trap](data:text/html,x).'];
    await r.prepare([...texts, ...bad], (text) => ({ file: 'specs/api.yaml', line: 10 + bad.indexOf(text), column: 3 }));
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['UnsafeLink', 10, 3], ['UnsafeLink', 11, 3]]);
  });
});

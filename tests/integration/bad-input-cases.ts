/*
 * The bad-input suite's cases, as data. Docs repositories take pull requests from outside, so
 * content, config and spec are untrusted: every case here is one hostile or broken change applied
 * to a copy of the `basic` fixture site (after it was built once), with the outcome the README
 * promises. The harness is bad-input-suite.test.ts.
 *
 * Paths in `ops` are relative to the site copy. Each case folder is `<case>/site` (the site) beside
 * `<case>/outside` (files that are not the site's: `secret.txt`, `secret.mdx`, `secret.svg`,
 * `spec.yaml`, `dir/`), so `../../outside/secret.mdx` from `content/` climbs out of the site.
 */

/** One change to the site copy. */
export type Op =
  | { write: string; text: string }
  | { remove: string }
  | { symlink: string; target: string }
  | { mkdir: string }
  /** Replaces text in a file (the text must be there: a case that edits nothing is a bug). */
  | { edit: string; from: string; to: string };

export interface Expected {
  /** A registered code (the harness checks the registry). */
  code: string;
  /**
   * Where it is reported, as the CLI prints it with the site as the working folder:
   * `content/x.mdx:5:1`, or a bare file (`static/evil.txt`) when the input has no position.
   * `{root}` stands for the site folder's absolute path.
   */
  at: string;
  /** A part of the message, when the code alone does not say enough. */
  message?: RegExp;
}

export interface BadInputCase {
  name: string;
  ops: Op[];
  /** Extra CLI arguments after `build --root <site>` (`--out content`); `{root}` and `{case}` are replaced. */
  args?: string[];
  /** `--root` is replaced by this path (`{case}/missing`). */
  root?: string;
  /** 1 for every error; 0 for cases that must build (warnings, or input that is fine). */
  exit: 0 | 1;
  expected: Expected[];
  /** Also run through the real CLI process (`bin/docsgen build`), asserting the exit code and stderr. */
  cli?: boolean;
}

/** A case that fails today because the fix it needs is being merged elsewhere; skipped until then. */
export interface Pending {
  name: string;
  /** The fix (branch / change) it waits for. */
  waitsFor: string;
  /** What happens today. */
  today: string;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const FM = 'title: Broken';
/** A page whose frontmatter is lines 1–3 and whose body starts on line 5. */
export const page = (body: string, fm = FM): string => `---\n${fm}\n---\n\n${body}\n`;
const BROKEN = 'content/guide/broken.mdx';
const brokenPage = (body: string, fm?: string): Op => ({ write: BROKEN, text: page(body, fm) });
const at = (line: number, column: number, file = BROKEN) => `${file}:${line}:${column}`;
const CONFIG = 'docs-build.config.ts';
const configEdit = (from: string, to: string): Op => ({ edit: CONFIG, from, to });
const SPEC = 'specs/payments.yaml';
const specEdit = (from: string, to: string): Op => ({ edit: SPEC, from, to });

// ---------------------------------------------------------------------------------------------
// Hostile paths, each in every place a path can appear

/** Paths a pull request could write to read a file that is not the site's. */
interface HostilePath {
  label: string;
  /** As written in an `<Include file>` (relative to content/). */
  include: string;
  /** As written in an image in content/guide/broken.mdx (relative to that file). */
  image: string;
  /** What an include of it reports: the file is outside, or (as written) names no file in the site. */
  includeCode: 'OutsideSite' | 'MissingInclude';
  imageCode: 'OutsideSite' | 'MissingImage';
  /** Symlinks the variant needs. */
  setup?: Op[];
}

const HOSTILE: HostilePath[] = [
  { label: '../../../../etc/passwd', include: '../../../../../../../../etc/passwd', image: '../../../../../../../../etc/passwd', includeCode: 'OutsideSite', imageCode: 'OutsideSite' },
  { label: 'a sibling folder of the site', include: '../../outside/secret.mdx', image: '../../../outside/secret.svg', includeCode: 'OutsideSite', imageCode: 'OutsideSite' },
  { label: 'a path that climbs back out after entering a folder', include: 'partials/../../../outside/secret.mdx', image: 'assets/../../../../outside/secret.svg', includeCode: 'OutsideSite', imageCode: 'OutsideSite' },
  { label: 'percent-encoded dots', include: '%2e%2e/%2e%2e/outside/secret.mdx', image: '%2e%2e/%2e%2e/%2e%2e/outside/secret.svg', includeCode: 'MissingInclude', imageCode: 'OutsideSite' },
  { label: 'percent-encoded slashes', include: '..%2F..%2Foutside%2Fsecret.mdx', image: '..%2F..%2F..%2Foutside%2Fsecret.svg', includeCode: 'MissingInclude', imageCode: 'OutsideSite' },
  { label: 'backslashes', include: '..\\..\\outside\\secret.mdx', image: '..\\..\\..\\outside\\secret.svg', includeCode: 'MissingInclude', imageCode: 'MissingImage' },
  {
    label: 'a symlink in the site to a file outside',
    include: 'partials/_evil.mdx',
    image: 'assets/evil.svg',
    includeCode: 'OutsideSite',
    imageCode: 'OutsideSite',
    setup: [
      { symlink: 'content/partials/_evil.mdx', target: '../../../outside/secret.mdx' },
      { symlink: 'content/guide/assets/evil.svg', target: '../../../../outside/secret.svg' },
    ],
  },
  {
    label: 'a symlinked folder in the site that points outside',
    include: 'linked/secret.mdx',
    image: '../linked/secret.svg',
    includeCode: 'OutsideSite',
    imageCode: 'OutsideSite',
    setup: [{ symlink: 'content/linked', target: '../../outside' }],
  },
  {
    label: 'a symlink loop',
    include: 'partials/_loop.mdx',
    image: 'assets/loop.svg',
    includeCode: 'MissingInclude',
    imageCode: 'MissingImage',
    setup: [
      { symlink: 'content/partials/_loop.mdx', target: '_loop.mdx' },
      { symlink: 'content/guide/assets/loop.svg', target: 'loop.svg' },
    ],
  },
];

const hostileCases: BadInputCase[] = [];
for (const h of HOSTILE) {
  const setup = h.setup ?? [];
  hostileCases.push(
    {
      name: `<Include> of ${h.label} in a page`,
      ops: [...setup, brokenPage(`Intro.\n\n<Include file="${h.include}" />`)],
      exit: 1,
      expected: [{ code: h.includeCode, at: at(7, 1) }],
    },
    {
      name: `<Include> of ${h.label} in a partial`,
      ops: [...setup, { write: 'content/partials/_wrap.mdx', text: `Wrapped.\n\n<Include file="${h.include}" />\n` }, brokenPage('<Include file="partials/_wrap.mdx" />')],
      exit: 1,
      expected: [{ code: h.includeCode, at: 'content/partials/_wrap.mdx:3:1' }],
    },
    {
      name: `an image of ${h.label} in a page`,
      ops: [...setup, brokenPage(`Intro.\n\n![x](${h.image})`)],
      exit: 1,
      expected: [{ code: h.imageCode, at: at(7, 1) }],
    },
  );
}
// The image written in a partial resolves from the partial's own folder (content/partials/).
hostileCases.push(
  {
    name: 'an image of a sibling folder of the site in a partial',
    ops: [{ write: 'content/partials/_wrap.mdx', text: 'Wrapped.\n\n![x](../../../outside/secret.svg)\n' }, brokenPage('<Include file="partials/_wrap.mdx" />')],
    exit: 1,
    expected: [{ code: 'OutsideSite', at: 'content/partials/_wrap.mdx:3:1' }],
  },
  {
    name: 'an image of /etc/passwd by climbing, as a reference-style image',
    ops: [brokenPage('Intro.\n\n![x][ref]\n\n[ref]: ../../../../../../../../etc/passwd')],
    exit: 1,
    expected: [{ code: 'OutsideSite', at: at(9, 1) }],
  },
  {
    name: 'an image at a site path that is not a file of the site (/etc/passwd)',
    ops: [brokenPage('Intro.\n\n![x](/etc/passwd)')],
    exit: 1,
    expected: [{ code: 'MissingImage', at: at(7, 1) }],
  },
  {
    name: 'a <Include> of a folder',
    ops: [brokenPage('<Include file="partials" />')],
    exit: 1,
    expected: [{ code: 'MissingInclude', at: at(5, 1) }],
  },
  {
    name: 'a <Include> with an empty file attribute',
    ops: [brokenPage('<Include file="" />')],
    exit: 1,
    expected: [{ code: 'MissingInclude', at: at(5, 1) }],
  },
  {
    name: 'a <Include> with no file attribute',
    ops: [brokenPage('Intro.\n\n<Include />')],
    exit: 1,
    expected: [{ code: 'MissingInclude', at: at(7, 1) }],
  },
  {
    name: 'a <Include> of file:///etc/passwd',
    ops: [brokenPage('<Include file="file:///etc/passwd" />')],
    exit: 1,
    expected: [{ code: 'MissingInclude', at: at(5, 1) }],
  },
);

// Inline includes: the same hostile paths where a paragraph holds the <Include>.
const inlineIncludeCases: BadInputCase[] = [
  {
    name: 'an inline <Include> of ../../../../etc/passwd in a page paragraph',
    ops: [brokenPage('Read this: <Include file="../../../../../../../../etc/passwd" /> now.')],
    exit: 1,
    expected: [{ code: 'OutsideSite', at: at(5, 12) }],
  },
  {
    name: 'an inline <Include> of a sibling folder in a partial paragraph',
    ops: [{ write: 'content/partials/_wrap.mdx', text: 'Wrapped <Include file="../../outside/secret.mdx" /> here.\n' }, brokenPage('<Include file="partials/_wrap.mdx" />')],
    exit: 1,
    expected: [{ code: 'OutsideSite', at: 'content/partials/_wrap.mdx:1:9' }],
  },
  {
    name: 'an inline <Include> of a partial that exists, inside a paragraph of a partial',
    ops: [{ write: 'content/partials/_wrap.mdx', text: 'Wrapped <Include file="partials/_note.mdx" /> here.\n' }, brokenPage('<Include file="partials/_wrap.mdx" />')],
    exit: 0,
    expected: [],
  },
];

// ---------------------------------------------------------------------------------------------
// Files a pull request adds to static/ and content/ as symbolic links

const linkCases: BadInputCase[] = [
  { name: 'a link to javascript:', ops: [brokenPage('A [bad link](javascript:alert(1)) here.')], exit: 1, expected: [{ code: 'UnsafeLink', at: at(5, 3), message: /javascript:/ }], cli: true },
  { name: 'a link to JavaScript: in capitals', ops: [brokenPage('[x](JavaScript:alert(2))')], exit: 1, expected: [{ code: 'UnsafeLink', at: at(5, 1) }] },
  { name: 'a link definition to vbscript:', ops: [brokenPage('[x][r]\n\n[r]: vbscript:msgbox')], exit: 1, expected: [{ code: 'UnsafeLink', at: at(7, 1), message: /vbscript:/ }] },
  { name: 'a link to a data: URL', ops: [brokenPage('[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)')], exit: 1, expected: [{ code: 'UnsafeLink', at: at(5, 1), message: /data:/ }] },
  { name: 'a component href to javascript:', ops: [brokenPage('<CardGrid>\n<Card title="x" href="javascript:alert(1)">y</Card>\n</CardGrid>')], exit: 1, expected: [{ code: 'UnsafeLink', at: at(6, 1) }] },
  { name: 'a symlink in static/ to a file outside the site', ops: [{ symlink: 'static/evil.txt', target: '../../outside/secret.txt' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'static/evil.txt' }], cli: true },
  { name: 'a symlink in static/ to /etc/passwd', ops: [{ symlink: 'static/passwd', target: '/etc/passwd' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'static/passwd' }] },
  { name: 'a symlinked folder in static/ that points outside the site', ops: [{ symlink: 'static/dir', target: '../../outside/dir' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'static/dir' }] },
  { name: 'a symlink deeper in static/ to a file outside', ops: [{ symlink: 'static/img/deep/evil.svg', target: '../../../../outside/secret.svg' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'static/img/deep/evil.svg' }] },
  { name: 'a symlinked folder in static/ that points inside the site (allowed)', ops: [{ symlink: 'static/docs-img', target: '../content/guide/assets' }], exit: 0, expected: [] },
  { name: 'a symlink in static/ to a file inside the site (allowed)', ops: [{ symlink: 'static/logo-copy.svg', target: 'img/logo.svg' }], exit: 0, expected: [] },
  { name: 'a symlink in static/ to its own parent folder (a folder loop)', ops: [{ symlink: 'static/img/up', target: '..' }], exit: 1, expected: [{ code: 'SymlinkLoop', at: 'static/img/up' }] },
  { name: 'a symlink in static/ to the site folder (would publish the sources)', ops: [{ symlink: 'static/site', target: '..' }], exit: 1, expected: [{ code: 'SymlinkLoop', at: 'static/site' }] },
  { name: 'a symlink loop in static/ (a link to itself)', ops: [{ symlink: 'static/loop', target: 'loop' }], exit: 1, expected: [{ code: 'FileSystemError', at: 'static/loop' }], cli: true },
  { name: 'a symlink loop of two links in static/', ops: [{ symlink: 'static/a', target: 'b' }, { symlink: 'static/b', target: 'a' }], exit: 1, expected: [{ code: 'FileSystemError', at: 'static/a' }] },
  { name: 'a dangling symlink in static/', ops: [{ symlink: 'static/gone.txt', target: 'nothing-here.txt' }], exit: 1, expected: [{ code: 'FileSystemError', at: 'static/gone.txt' }] },
  { name: 'a page that is a symlink to a page outside the site', ops: [{ symlink: 'content/guide/leak.mdx', target: '../../../outside/secret.mdx' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'content/guide/leak.mdx' }], cli: true },
  { name: 'a page that is a symlink to /etc/passwd', ops: [{ symlink: 'content/guide/passwd.md', target: '/etc/passwd' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'content/guide/passwd.md' }] },
  { name: 'a _category_.yml that is a symlink to a file outside', ops: [{ symlink: 'content/guide/_category_.yml', target: '../../../outside/secret.txt' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'content/guide/_category_.yml' }] },
  { name: 'a content folder that is a symlink to a folder outside', ops: [{ symlink: 'content/leaked', target: '../../outside' }], exit: 1, expected: [{ code: 'OutsideSite', at: 'content/leaked' }] },
  { name: 'a page that is a symlink loop', ops: [{ symlink: 'content/guide/loop.mdx', target: 'loop.mdx' }], exit: 1, expected: [{ code: 'FileSystemError', at: 'content/guide/loop.mdx' }] },
  { name: 'the spec as a symlink to a file outside', ops: [{ remove: SPEC }, { symlink: SPEC, target: '../../outside/spec.yaml' }], exit: 1, expected: [{ code: 'OutsideSite', at: CONFIG }] },
];

// ---------------------------------------------------------------------------------------------
// Where the output goes

const outputCases: BadInputCase[] = [
  { name: '--out the site root', ops: [], args: ['--out', '.'], exit: 1, expected: [{ code: 'OutputRefused', at: '{root}', message: /it is the site folder/ }], cli: true },
  { name: '--out content', ops: [], args: ['--out', 'content'], exit: 1, expected: [{ code: 'OutputRefused', at: 'content' }], cli: true },
  { name: '--out a folder inside content', ops: [], args: ['--out', 'content/guide/out'], exit: 1, expected: [{ code: 'OutputRefused', at: 'content/guide/out' }] },
  { name: '--out static', ops: [], args: ['--out', 'static'], exit: 1, expected: [{ code: 'OutputRefused', at: 'static' }] },
  { name: '--out specs (holds the spec)', ops: [], args: ['--out', 'specs'], exit: 1, expected: [{ code: 'OutputRefused', at: 'specs' }] },
  { name: '--out the config file', ops: [], args: ['--out', CONFIG], exit: 1, expected: [{ code: 'OutputRefused', at: CONFIG }] },
  { name: '--out the parent of the site', ops: [], args: ['--out', '..'], exit: 1, expected: [{ code: 'OutputRefused', at: '..' }] },
  { name: '--out the cache folder', ops: [], args: ['--out', '.docsgen/out'], exit: 1, expected: [{ code: 'OutputRefused', at: '.docsgen/out' }] },
  { name: '--out a non-empty foreign folder', ops: [{ write: 'foreign/keep.txt', text: 'not docsgen output\n' }], args: ['--out', 'foreign'], exit: 1, expected: [{ code: 'OutputRefused', at: 'foreign', message: /did not create/ }], cli: true },
  { name: '--out a non-empty folder outside the site', ops: [], args: ['--out', '{case}/outside'], exit: 1, expected: [{ code: 'OutputRefused', at: '../outside' }] },
  { name: '--out a file', ops: [{ write: 'notes.txt', text: 'a file\n' }], args: ['--out', 'notes.txt'], exit: 1, expected: [{ code: 'OutputRefused', at: 'notes.txt', message: /it is a file/ }], cli: true },
  { name: '--out a symlink docsgen did not make', ops: [{ symlink: 'published', target: '../outside/dir' }], args: ['--out', 'published'], exit: 1, expected: [{ code: 'OutputRefused', at: 'published', message: /symbolic link/ }] },
  { name: "--out a folder whose folder of versions is a symlink docsgen did not make", ops: [{ symlink: '.published.docsgen', target: '../outside/dir' }], args: ['--out', 'published'], exit: 1, expected: [{ code: 'OutputRefused', at: 'published', message: /folder of versions .* is a symbolic link docsgen did not make/ }], cli: true },
  { name: '--out a folder whose folder of versions holds files docsgen did not put there', ops: [{ write: '.published.docsgen/keep.txt', text: 'not docsgen output\n' }], args: ['--out', 'published'], exit: 1, expected: [{ code: 'OutputRefused', at: 'published', message: /holds files docsgen did not put there/ }] },
  { name: 'the cache folder .docsgen a symlink to a folder outside', ops: [{ remove: '.docsgen' }, { symlink: '.docsgen', target: '../outside/dir' }], exit: 1, expected: [{ code: 'CacheFolderNotFolder', at: '.docsgen', message: /is a symbolic link \(to \.\.\/outside\/dir\)/ }], cli: true },
  { name: 'a cache of .docsgen (v4/render) a symlink to a folder outside', ops: [{ remove: '.docsgen/v4/render' }, { symlink: '.docsgen/v4/render', target: '../../../outside/dir' }], exit: 1, expected: [{ code: 'CacheFolderNotFolder', at: '.docsgen/v4/render' }] },
  { name: 'the cache folder .docsgen a file', ops: [{ remove: '.docsgen' }, { write: '.docsgen', text: 'a file\n' }], exit: 1, expected: [{ code: 'CacheFolderNotFolder', at: '.docsgen', message: /is a file, not a folder/ }] },
  { name: "outDir: '.' in the config", ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  outDir: '.',")], exit: 1, expected: [{ code: 'OutputRefused', at: `${CONFIG}:5:` }], cli: true },
  { name: "outDir: 'content' in the config", ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  outDir: 'content',")], exit: 1, expected: [{ code: 'OutputRefused', at: `${CONFIG}:5:` }] },
  { name: "outDir: '..' in the config", ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  outDir: '..',")], exit: 1, expected: [{ code: 'OutputRefused', at: `${CONFIG}:5:` }] },
  { name: '--root of a missing folder', ops: [], root: '{case}/missing', exit: 1, expected: [{ code: 'RootNotFound', at: '{case}/missing' }], cli: true },
  { name: '--root of a file', ops: [], root: '{root}/docs-build.config.ts', exit: 1, expected: [{ code: 'RootNotAFolder', at: '{root}/docs-build.config.ts' }], cli: true },
];

// ---------------------------------------------------------------------------------------------
// Routes: file names, slugs, redirects and links that are not clean URL paths

const badFileNames: Array<[string, string]> = [
  ['with space.mdx', 'a space'],
  ['a#b.mdx', '"#"'],
  ['what?.mdx', '"?"'],
  ['100%.mdx', '"%"'],
  ['back\\slash.mdx', '"\\\\"'],
  ['tab\there.mdx', 'a control character'],
];
const routeCases: BadInputCase[] = badFileNames.map(([name, what]) => ({
  name: `a page file named "${name.replace('\t', '\\t')}" (${what})`,
  ops: [{ write: `content/guide/${name}`, text: page('Text.') }],
  exit: 1 as const,
  expected: [{ code: 'InvalidRoute', at: `content/guide/${name}:1:1` }],
  cli: name === 'with space.mdx',
}));

const SLUG_LINE = 'operationId: capturePayment';
const badSlugs: Array<[string, string]> = [
  ['../../../x', 'climbs out'],
  ['..', 'a ".." segment'],
  ['.', 'a "." segment'],
  ['a b', 'a space'],
  ['a#b', 'a "#"'],
  ['a?b', 'a "?"'],
  ['%2e%2e', 'percent-encoded dots'],
  ['a\\b', 'a backslash'],
];
routeCases.push(
  ...badSlugs.map(([slug, what]): BadInputCase => ({
    name: `an OpenAPI x-slug "${slug}" (${what})`,
    ops: [specEdit(SLUG_LINE, `${SLUG_LINE}\n      x-slug: '${slug}'`)],
    exit: 1,
    expected: [{ code: 'InvalidRoute', at: `${SPEC}:10:15` }],
    cli: slug === '../../../x',
  })),
  {
    // The slug made from an operationId keeps only letters and digits: /api/x, a clean route.
    name: 'an OpenAPI operationId that climbs out (../../../x) gives a clean slug',
    ops: [specEdit('operationId: listPayments', "operationId: '../../../x'")],
    exit: 0,
    expected: [],
  },
);

const REDIRECT = "redirects: [{ from: '/old-setup', to: '/guide/setup' }],";
const REDIRECT_LINE = 21;
const badRedirects: Array<[string, string]> = [
  ['/../../../x', 'climbs out'],
  ['/a b', 'a space'],
  ['/a#b', 'a "#"'],
  ['old-setup', 'no leading slash'],
  ['//evil.example/x', 'a protocol-relative URL'],
  ['/a\\\\b', 'a backslash'],
  ['/a//b', 'an empty segment'],
  ['/a/./b', 'a "." segment'],
];
routeCases.push(
  ...badRedirects.map(([from, what]): BadInputCase => ({
    name: `a config redirect from '${from}' (${what})`,
    ops: [configEdit(REDIRECT, `redirects: [{ from: '${from}', to: '/guide/setup' }],`)],
    exit: 1,
    expected: [{ code: from.startsWith('/') ? 'InvalidRoute' : 'ConfigInvalid', at: `${CONFIG}:${REDIRECT_LINE}:23` }],
    cli: from === '/../../../x',
  })),
  {
    name: 'a config redirect to /../../../x',
    ops: [configEdit(REDIRECT, "redirects: [{ from: '/old-setup', to: '/../../../x' }],")],
    exit: 1,
    expected: [{ code: 'DeadLink', at: `${CONFIG}:${REDIRECT_LINE}:41` }],
  },
  {
    name: 'a config redirect from a page route',
    ops: [configEdit(REDIRECT, "redirects: [{ from: '/guide/setup', to: '/guide' }],")],
    exit: 1,
    expected: [{ code: 'DuplicateRoute', at: `${CONFIG}:${REDIRECT_LINE}:23` }],
  },
);

const hostileLinks: Array<[string, string]> = [
  ['/api/../../../x', 'an API link that climbs out'],
  ['/../../../etc/passwd', 'a root link that climbs out'],
  ['../../../../etc/passwd', 'a relative link that climbs out'],
  ['../../../outside/secret.mdx', 'a relative .mdx link outside the site'],
  ['/%2e%2e/%2e%2e/etc/passwd', 'a link with percent-encoded dots'],
  ['/guide/setup/../../../../x', 'a link that enters a page and climbs out'],
];
routeCases.push(
  ...hostileLinks.map(([href, what]): BadInputCase => ({
    name: `${what} (${href})`,
    ops: [brokenPage(`See [there](${href}).`)],
    exit: 1,
    expected: [{ code: 'DeadLink', at: at(5, 5) }],
    cli: href === '/api/../../../x',
  })),
  {
    name: 'a <Card href> that climbs out of the site',
    ops: [brokenPage('<CardGrid>\n<Card title="x" href="/../../../etc/passwd">Text.</Card>\n</CardGrid>')],
    exit: 1,
    expected: [{ code: 'DeadLink', at: at(6, 1) }],
  },
  {
    name: 'a navbar link that climbs out of the site',
    ops: [configEdit("{ type: 'search' }", "{ type: 'link', label: 'x', to: '/../../x' }, { type: 'search' }")],
    exit: 1,
    expected: [{ code: 'DeadLink', at: `${CONFIG}:17:` }],
  },
  {
    name: 'two pages whose routes differ only in case',
    ops: [{ write: 'content/guide/Setup.mdx', text: page('Same route as setup.mdx, another case.') }],
    exit: 1,
    expected: [{ code: 'RouteCaseClash', at: 'content/guide/setup.mdx:1:1', message: /\/guide\/Setup and \/guide\/setup/ }],
    cli: true,
  },
  {
    name: 'two API slugs that differ only in case',
    ops: [specEdit(SLUG_LINE, `${SLUG_LINE}\n      x-slug: List-Payments`)],
    exit: 1,
    expected: [{ code: 'RouteCaseClash', at: `${SPEC}:` }],
  },
  {
    name: 'a redirect whose route differs from a page only in case',
    ops: [configEdit(REDIRECT, "redirects: [{ from: '/Guide/Setup', to: '/guide' }],")],
    exit: 1,
    expected: [{ code: 'RouteCaseClash', at: `${CONFIG}:${REDIRECT_LINE}:23` }],
  },
  {
    name: 'two files on one route',
    ops: [{ write: 'content/guide/setup/index.mdx', text: page('Duplicate of setup.mdx.') }],
    exit: 1,
    expected: [{ code: 'DuplicateRoute', at: 'content/guide/setup/index.mdx:1:1' }],
  },
  {
    name: 'a content page on an API operation route',
    ops: [{ write: 'content/api/capture-payment.mdx', text: page('Shadows the API page.') }],
    exit: 1,
    expected: [{ code: 'DuplicateRoute', at: `${SPEC}:1:1`, message: /api\/capture-payment\.mdx/ }],
  },
);

// ---------------------------------------------------------------------------------------------
// Categories, frontmatter

const categoryCases: BadInputCase[] = [
  { name: '_category_.yml: an unclosed flow sequence', ops: [{ write: 'content/guide/_category_.yml', text: 'label: Guide\nposition: [1\n' }], exit: 1, expected: [{ code: 'CategorySyntax', at: 'content/guide/_category_.yml:3:1' }], cli: true },
  { name: '_category_.yml: a tab as indentation', ops: [{ write: 'content/guide/_category_.yml', text: 'label:\n\tGuide\n' }], exit: 1, expected: [{ code: 'CategorySyntax', at: 'content/guide/_category_.yml:2:1' }] },
  { name: '_category_.yml: a duplicate key', ops: [{ write: 'content/guide/_category_.yml', text: 'label: Guide\nlabel: Again\n' }], exit: 1, expected: [{ code: 'CategorySyntax', at: 'content/guide/_category_.yml:2:1' }] },
  { name: '_category_.yml: an unterminated string', ops: [{ write: 'content/guide/_category_.yml', text: 'label: "Guide\nposition: 1\n' }], exit: 1, expected: [{ code: 'CategorySyntax', at: 'content/guide/_category_.yml:3:1' }] },
  { name: '_category_.yaml: a stray colon', ops: [{ write: 'content/guide/_category_.yaml', text: 'label: Guide\n: nothing\n' }], exit: 1, expected: [{ code: 'CategorySyntax', at: 'content/guide/_category_.yaml:2:1' }] },
  { name: '_category_.json: an unclosed object', ops: [{ write: 'content/guide/_category_.json', text: '{\n  "label": "Guide"\n' }], exit: 1, expected: [{ code: 'CategorySyntax', at: 'content/guide/_category_.json:3:1' }] },
  // Aliases are shared, never expanded: the bomb is a harmless value of the wrong type, ignored.
  { name: '_category_.yml: an alias bomb (billion laughs)', ops: [{ write: 'content/guide/_category_.yml', text: billionLaughs('label') }], exit: 0, expected: [] },
];

function billionLaughs(key: string): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  lines.push(`${key}: *i`);
  return `${lines.join('\n')}\n`;
}

const frontmatterCases: BadInputCase[] = [
  { name: 'frontmatter: an unclosed flow sequence', ops: [brokenPage('Text.', 'title: Broken\ndescription: [unclosed')], exit: 1, expected: [{ code: 'FrontmatterSyntax', at: at(4, 1) }], cli: true },
  { name: 'frontmatter: a tab as indentation', ops: [brokenPage('Text.', 'title:\n\tBroken')], exit: 1, expected: [{ code: 'FrontmatterSyntax', at: at(3, 1) }] },
  { name: 'frontmatter: a duplicate key', ops: [brokenPage('Text.', 'title: Broken\ntitle: Again')], exit: 1, expected: [{ code: 'FrontmatterSyntax', at: at(3, 1) }] },
  { name: 'frontmatter: an unterminated quoted string', ops: [brokenPage('Text.', 'title: "Broken\ndescription: x')], exit: 1, expected: [{ code: 'FrontmatterSyntax', at: at(4, 1) }] },
  { name: 'frontmatter: an alias bomb (billion laughs)', ops: [{ write: BROKEN, text: `---\ntitle: Broken\n${billionLaughs('keywords')}---\n\nText.\n` }], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(12, 1), message: /keywords/ }] },
  { name: 'frontmatter: a list, not a mapping', ops: [brokenPage('Text.', '- title\n- Broken')], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(2, 1) }] },
  { name: 'frontmatter: a plain string, not a mapping', ops: [brokenPage('Text.', 'just words')], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(2, 1) }] },
  { name: 'frontmatter: sidebar_position is a word', ops: [brokenPage('Text.', 'title: Broken\nsidebar_position: first')], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(3, 1) }] },
  { name: 'frontmatter: title is a list', ops: [brokenPage('Text.', 'title: [a, b]')], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(2, 1) }] },
  { name: 'frontmatter: an unknown template', ops: [brokenPage('Text.', 'title: Broken\ntemplate: evil')], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(3, 1) }] },
  { name: 'frontmatter: keywords is a number', ops: [brokenPage('Text.', 'title: Broken\nkeywords: 5')], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(3, 1) }] },
  { name: 'frontmatter: hide_table_of_contents is a word', ops: [brokenPage('Text.', 'title: Broken\nhide_table_of_contents: maybe')], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(3, 1) }] },
  { name: 'frontmatter: no title', ops: [brokenPage('Text.', 'description: No title here.')], exit: 1, expected: [{ code: 'MissingTitle', at: at(1, 1) }] },
  { name: 'frontmatter: an empty title', ops: [brokenPage('Text.', "title: ''")], exit: 1, expected: [{ code: 'FrontmatterInvalid', at: at(2, 1) }] },
  { name: 'frontmatter: a misspelt key (warning; builds)', ops: [brokenPage('Text.', 'title: Broken\nsidbar_label: Typo')], exit: 0, expected: [{ code: 'FrontmatterUnknownKey', at: at(3, 1) }] },
  { name: 'frontmatter: an unknown variable', ops: [brokenPage('Text.', 'title: Call {{provider.phone}}')], exit: 1, expected: [{ code: 'UnknownVariable', at: at(2, 13) }] },
  { name: 'a UTF-8 byte order mark before the frontmatter', ops: [{ write: BROKEN, text: `\uFEFF${page('See [nowhere](/nowhere).')}` }], exit: 1, expected: [{ code: 'DeadLink', at: at(5, 5) }] },
];

// ---------------------------------------------------------------------------------------------
// MDX content: components, expressions, syntax

const unknownComponents: Array<[string, string]> = [
  ['<Carousel speed="2" />', 'an unknown component'],
  ['<script>alert(1)</script>', 'a <script> tag'],
  ['<iframe src="https://evil.example" />', 'an <iframe>'],
  ['<style>{"body{display:none}"}</style>', 'a <style> tag'],
  ['<img src="/x.png" onerror="alert(1)" />', 'an <img> with an event handler'],
  ['<>fragment</>', 'a fragment'],
  ['<Card.Title>x</Card.Title>', 'a member expression component'],
  ['<svg:rect />', 'a namespaced tag'],
  ['<object data="x.swf" />', 'an <object>'],
];
const contentCases: BadInputCase[] = unknownComponents.map(([jsx, what], i): BadInputCase => ({
  name: `content: ${what}`,
  ops: [brokenPage(`Intro.\n\n${jsx}`)],
  exit: 1,
  expected: [{ code: 'UnknownComponent', at: at(7, 1) }],
  cli: i === 1,
}));

const expressions: Array<[string, string, number]> = [
  ['The total is {1 + 1} today.', 'an expression in prose', 14],
  ['Value {process.exit(1)}.', 'a process.exit expression', 7],
  ['Hi {/* a comment */} there.', 'a comment expression', 4],
  ["Look {require('fs').readFileSync('/etc/passwd')}.", 'a require expression', 6],
];
contentCases.push(
  ...expressions.map(([body, what, column]): BadInputCase => ({ name: `content: ${what}`, ops: [brokenPage(body)], exit: 1, expected: [{ code: 'ExpressionInContent', at: at(5, column) }] })),
  { name: 'content: an expression attribute', ops: [brokenPage('<Card title={name} href="/guide">Hi</Card>')], exit: 1, expected: [{ code: 'ExpressionInContent', at: at(5, 1) }] },
  { name: 'content: a spread attribute', ops: [brokenPage('<Card {...props}>Hi</Card>')], exit: 1, expected: [{ code: 'ExpressionInContent', at: at(5, 1) }] },
  { name: 'content: an attribute with an event handler expression', ops: [brokenPage('<Card title="x" href="/guide" onClick={() => fetch("https://evil.example")}>Hi</Card>')], exit: 1, expected: [{ code: 'ExpressionInContent', at: at(5, 1) }] },
  { name: 'content: an import line', ops: [brokenPage("import X from './x.js'\n\nText.")], exit: 1, expected: [{ code: 'EsmInContent', at: at(5, 1) }], cli: true },
  { name: 'content: an export line', ops: [brokenPage('Text.\n\nexport const meta = { leak: true }')], exit: 1, expected: [{ code: 'EsmInContent', at: at(7, 1) }] },
  { name: 'content: an unclosed tag', ops: [brokenPage('Some text.\n\n<Card title="x">\n\nunclosed card')], exit: 1, expected: [{ code: 'MdxSyntax', at: at(7, 1) }] },
  { name: 'content: a stray <', ops: [brokenPage('Numbers <5 are small.')], exit: 1, expected: [{ code: 'MdxSyntax', at: at(5, 10) }] },
  { name: 'content: a stray {', ops: [brokenPage('A brace { here.')], exit: 1, expected: [{ code: 'MdxSyntax', at: at(5, 16) }] },
  { name: 'content: a closing tag that does not match', ops: [brokenPage('<Steps>\n\n1. One\n\n</Tabs>')], exit: 1, expected: [{ code: 'MdxSyntax', at: at(9, 1) }] },
  { name: 'content: an unknown admonition', ops: [brokenPage(':::danger-zone\nText.\n:::')], exit: 1, expected: [{ code: 'UnknownAdmonition', at: at(5, 1) }] },
  { name: 'content: an unclosed :::note', ops: [brokenPage('Intro.\n\n:::note\nNever closed.\n\nMore text.')], exit: 1, expected: [{ code: 'UnclosedAdmonition', at: at(7, 1) }], cli: true },
  { name: 'content: <CodeTabs> holding a paragraph', ops: [brokenPage('<CodeTabs>\n\nJust words.\n\n</CodeTabs>')], exit: 1, expected: [{ code: 'CodeTabsContent', at: at(7, 1) }] },
  { name: 'content: <CodeTabs> with a block in no language', ops: [brokenPage('<CodeTabs>\n\n```\nno language\n```\n\n</CodeTabs>')], exit: 1, expected: [{ code: 'CodeTabsLanguage', at: at(7, 1) }] },
  { name: 'content: <CodeTabs> with a language twice', ops: [brokenPage('<CodeTabs>\n\n```curl\ncurl a\n```\n\n```curl\ncurl b\n```\n\n</CodeTabs>')], exit: 1, expected: [{ code: 'CodeTabsLanguage', at: at(11, 1) }] },
  { name: 'content: <CodeTabs> with a language that is not a sample language', ops: [brokenPage('<CodeTabs>\n\n```cobol\nDISPLAY "x".\n```\n\n</CodeTabs>')], exit: 1, expected: [{ code: 'CodeTabsLanguage', at: at(7, 1) }] },
  { name: 'content: an unknown provider variable', ops: [brokenPage('Call {{provider.phone}} now.')], exit: 1, expected: [{ code: 'UnknownVariable', at: at(5, 6) }] },
  { name: 'content: an unknown site variable in a link', ops: [brokenPage('See [x]({{site.secret}}/x).')], exit: 1, expected: [{ code: 'UnknownVariable', at: at(5, 9) }] },
  { name: 'content: a missing include', ops: [brokenPage('<Include file="partials/nope.mdx" />')], exit: 1, expected: [{ code: 'MissingInclude', at: at(5, 1) }] },
  { name: 'content: a page that includes itself', ops: [brokenPage('<Include file="guide/broken.mdx" />')], exit: 1, expected: [{ code: 'IncludeCycle', at: at(5, 1) }] },
  {
    name: 'content: two partials that include each other',
    ops: [{ write: 'content/partials/_a.mdx', text: '<Include file="partials/_b.mdx" />\n' }, { write: 'content/partials/_b.mdx', text: 'B.\n\n<Include file="partials/_a.mdx" />\n' }, brokenPage('<Include file="partials/_a.mdx" />')],
    exit: 1,
    expected: [{ code: 'IncludeCycle', at: 'content/partials/_b.mdx:3:1' }],
  },
  { name: 'content: a missing image', ops: [brokenPage('![x](./assets/nope.svg)')], exit: 1, expected: [{ code: 'MissingImage', at: at(5, 1) }] },
  { name: 'content: a link to a missing page', ops: [brokenPage('See [nowhere](/guide/nowhere).')], exit: 1, expected: [{ code: 'DeadLink', at: at(5, 5) }] },
  { name: 'content: a missing anchor', ops: [brokenPage('See [install](/guide/setup#instal).')], exit: 1, expected: [{ code: 'DeadAnchor', at: at(5, 5) }] },
  { name: 'content: a missing anchor in the API reference', ops: [brokenPage('See [body](/api/capture-payment#nope).')], exit: 1, expected: [{ code: 'DeadAnchor', at: at(5, 5) }] },
  { name: 'content: a JSON sample that is not JSON', ops: [brokenPage('```json operation=capture-payment\n{ "amount": 5000,\n```')], exit: 1, expected: [{ code: 'SampleInvalidJson', at: at(5, 1) }] },
  { name: 'content: a JSON sample that does not match the schema', ops: [brokenPage('```json operation=capture-payment\n{\n  "amount": "five"\n}\n```')], exit: 1, expected: [{ code: 'SampleMismatch', at: at(7, 3) }] },
  { name: 'content: a JSON sample for an unknown operation', ops: [brokenPage('```json operation=refund-everything\n{}\n```')], exit: 1, expected: [{ code: 'SampleUnknownOperation', at: at(5, 1) }] },
  { name: 'content: a JSON sample for an operation with no body', ops: [brokenPage('```json operation=list-payments\n{}\n```')], exit: 1, expected: [{ code: 'SampleUnknownOperation', at: at(5, 1) }] },
  { name: 'content: a feed page with no dated sections (warning; builds)', ops: [brokenPage('No dated sections.', 'title: Broken\nfeed: true')], exit: 0, expected: [{ code: 'FeedEmpty', at: `${BROKEN}:` }] },
  { name: 'content: JSX in a .md file', ops: [{ write: 'content/guide/plain.md', text: page('Intro.\n\n<Carousel speed="2" />\n\nText {1 + 1}.') }], exit: 1, expected: [{ code: 'JsxInMarkdown', at: 'content/guide/plain.md:7:1' }], cli: true },
  { name: 'content: a page over 1 MB', ops: [brokenPage(`${'word '.repeat(220_000)}`)], exit: 1, expected: [{ code: 'FileTooLarge', at: `${BROKEN}:1:1` }] },
  { name: 'content: 5,000 nested blockquotes', ops: [brokenPage(`${'> '.repeat(5000)}deep`)], exit: 1, expected: [{ code: 'NestingTooDeep', at: at(5, 65) }], cli: true },
  { name: 'content: 5,000 nested <div>s', ops: [brokenPage(`${'<div>'.repeat(5000)}deep${'</div>'.repeat(5000)}`)], exit: 1, expected: [{ code: 'NestingTooDeep', at: at(5, 161) }] },
  { name: 'content: a list nested 600 levels deep', ops: [brokenPage(Array.from({ length: 600 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'))], exit: 1, expected: [{ code: 'NestingTooDeep', at: at(37, 65) }] },
  { name: 'content: 300 nested admonitions', ops: [brokenPage(`${Array.from({ length: 300 }, (_, i) => ':'.repeat(303 - i) + 'note').join('\n')}\ndeep`)], exit: 1, expected: [{ code: 'NestingTooDeep', at: at(37, 1) }] },
);

// ---------------------------------------------------------------------------------------------
// The config

const configCases: BadInputCase[] = [
  { name: 'config: a missing top-level title', ops: [configEdit("  title: 'fixture docs',\n", '')], exit: 1, expected: [{ code: 'ConfigInvalid', at: `${CONFIG}:3:` }], cli: true },
  { name: 'config: a syntax error', ops: [configEdit("tagline: 'A tiny site for tests',", "tagline: 'A tiny site for tests',,")], exit: 1, expected: [{ code: 'ConfigSyntax', at: `${CONFIG}:5:36` }], cli: true },
  { name: 'config: it throws while loading', ops: [configEdit("import { defineConfig } from 'docsgen/config';", "import { defineConfig } from 'docsgen/config';\nthrow new Error('boom');")], exit: 1, expected: [{ code: 'ConfigEvaluation', at: `${CONFIG}:2:7` }], cli: true },
  { name: 'config: a getter that throws', ops: [configEdit("tagline: 'A tiny site for tests',", "get tagline(): string { throw new Error('boom'); },")], exit: 1, expected: [{ code: 'ConfigEvaluation', at: `${CONFIG}:5:` }] },
  { name: 'config: no default export', ops: [configEdit('export default defineConfig({', 'export const config = defineConfig({')], exit: 1, expected: [{ code: 'ConfigNoDefaultExport', at: `${CONFIG}:` }] },
  { name: 'config: a misspelt key', ops: [configEdit("tagline: 'A tiny site for tests',", "tagline: 'A tiny site for tests',\n  taglne: 'typo',")], exit: 1, expected: [{ code: 'ConfigUnknownKey', at: `${CONFIG}:6:3` }] },
  { name: 'config: an invalid url', ops: [configEdit("url: 'https://docs.fixture.example'", "url: 'not a url'")], exit: 1, expected: [{ code: 'ConfigInvalid', at: `${CONFIG}:6:8` }] },
  { name: 'config: a provider slug with capitals', ops: [configEdit("slug: 'fixture'", "slug: 'Fixture Pay'")], exit: 1, expected: [{ code: 'ConfigInvalid', at: `${CONFIG}:9:11` }] },
  { name: 'config: an unknown navbar item type', ops: [configEdit("{ type: 'search' }", "{ type: 'searchbox' }")], exit: 1, expected: [{ code: 'ConfigUnknownItemType', at: `${CONFIG}:17:` }] },
  { name: 'config: a checks value that is not a severity', ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  checks: { brokenLinks: 'never' },")], exit: 1, expected: [{ code: 'ConfigInvalid', at: `${CONFIG}:5:26` }] },
  { name: 'config: codeLanguages is not a list', ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  codeLanguages: 'curl',")], exit: 1, expected: [{ code: 'ConfigInvalid', at: `${CONFIG}:5:18` }] },
  { name: 'config: half of the hosted search credentials', ops: [configEdit(REDIRECT, `search: { appId: 'APP' },\n  ${REDIRECT}`)], exit: 1, expected: [{ code: 'ConfigInvalid', at: `${CONFIG}:${REDIRECT_LINE}:` }] },
  { name: 'config: a search host with a path', ops: [configEdit(REDIRECT, `search: { appId: 'APP', apiKey: 'KEY', host: 'evil.example/steal' },\n  ${REDIRECT}`)], exit: 1, expected: [{ code: 'ConfigInvalid', at: `${CONFIG}:${REDIRECT_LINE}:` }] },
  { name: 'config: a sidebar that lists a missing page', ops: [configEdit("[{ type: 'autogenerated', dirName: 'guide' }]", "[{ type: 'autogenerated', dirName: 'guide' }, '/guide/nowhere']")], exit: 1, expected: [{ code: 'SidebarUnknownPage', at: `${CONFIG}:19:` }] },
  { name: 'config: a sidebar doc id that climbs out', ops: [configEdit("[{ type: 'autogenerated', dirName: 'guide' }]", "[{ type: 'autogenerated', dirName: 'guide' }, { type: 'doc', id: '../../../etc/passwd' }]")], exit: 1, expected: [{ code: 'SidebarUnknownPage', at: `${CONFIG}:19:` }] },
  { name: 'config: an autogenerated sidebar of a folder that climbs out (warning; builds)', ops: [configEdit("dirName: 'guide' }]", "dirName: 'guide' }, { type: 'autogenerated', dirName: '../../outside' }]")], exit: 0, expected: [{ code: 'SidebarEmptyFolder', at: `${CONFIG}:19:` }] },
  { name: 'config: a footer link to a missing page', ops: [configEdit("to: '/changelog'", "to: '/changelog/nowhere'")], exit: 1, expected: [{ code: 'DeadLink', at: `${CONFIG}:18:` }] },
  { name: 'config: contentDir outside the site', ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  contentDir: '../outside',")], exit: 1, expected: [{ code: 'OutsideSite', at: `${CONFIG}:5:` }], cli: true },
  { name: 'config: openapi /etc/passwd', ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  openapi: '/etc/passwd',")], exit: 1, expected: [{ code: 'OutsideSite', at: `${CONFIG}:5:` }] },
  { name: 'config: openapi outside the site', ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  openapi: '../outside/spec.yaml',")], exit: 1, expected: [{ code: 'OutsideSite', at: `${CONFIG}:5:` }] },
  { name: 'config: openapi names a missing file', ops: [configEdit("title: 'fixture docs',", "title: 'fixture docs',\n  openapi: 'specs/nope.yaml',")], exit: 1, expected: [{ code: 'SpecMissing', at: `${CONFIG}:5:` }] },
];

// ---------------------------------------------------------------------------------------------
// The OpenAPI document

const specCases: BadInputCase[] = [
  { name: 'spec: a description linking to javascript:', ops: [specEdit('description: Captured.', 'description: Captured, see [the docs](javascript:alert(1)).')], exit: 1, expected: [{ code: 'UnsafeLink', at: `${SPEC}:22:`, message: /javascript:/ }], cli: true },
  { name: 'spec: not valid YAML', ops: [specEdit('  title: Fixture API', '  title: [Fixture API')], exit: 1, expected: [{ code: 'SpecSyntax', at: `${SPEC}:` }], cli: true },
  { name: 'spec: no openapi field', ops: [specEdit('openapi: 3.1.0\n', '')], exit: 1, expected: [{ code: 'SpecInvalid', at: `${SPEC}:1:1` }] },
  { name: 'spec: a path item that is not an object', ops: [specEdit('  /v1/payments:\n', '  /v1/nothing: 5\n  /v1/payments:\n')], exit: 1, expected: [{ code: 'SpecInvalid', at: `${SPEC}:` }] },
  { name: 'spec: a $ref to nothing', ops: [specEdit("$ref: '#/components/schemas/CaptureRequest'", "$ref: '#/components/schemas/Nope'")], exit: 1, expected: [{ code: 'SpecBrokenRef', at: `${SPEC}:19:21` }] },
  { name: 'spec: a $ref to ../../../../etc/passwd', ops: [specEdit("$ref: '#/components/schemas/CaptureRequest'", "$ref: '../../../../../../etc/passwd'")], exit: 1, expected: [{ code: 'SpecExternalRef', at: `${SPEC}:19:21` }], cli: true },
  { name: 'spec: a $ref to a file outside the site', ops: [specEdit("$ref: '#/components/schemas/CaptureRequest'", "$ref: '../../outside/spec.yaml#/components'")], exit: 1, expected: [{ code: 'SpecExternalRef', at: `${SPEC}:19:21` }] },
  { name: 'spec: a $ref to file:///etc/passwd', ops: [specEdit("$ref: '#/components/schemas/CaptureRequest'", "$ref: 'file:///etc/passwd'")], exit: 1, expected: [{ code: 'SpecExternalRef', at: `${SPEC}:19:21` }] },
  { name: 'spec: a $ref to a URL (never fetched)', ops: [specEdit("$ref: '#/components/schemas/CaptureRequest'", "$ref: 'http://127.0.0.1:9/evil.yaml'")], exit: 1, expected: [{ code: 'SpecExternalRef', at: `${SPEC}:19:21` }] },
  { name: 'spec: an alias bomb (billion laughs)', ops: [specEdit('components:\n', `x-bomb:\n${billionLaughs('lol').replace(/^/gm, '  ').trimEnd()}\ncomponents:\n`)], exit: 1, expected: [{ code: 'SpecSyntax', at: `${SPEC}:` }] },
  { name: 'spec: a duplicate operationId', ops: [specEdit('operationId: listPayments', 'operationId: capturePayment')], exit: 1, expected: [{ code: 'SpecInvalid', at: `${SPEC}:26:`, message: /capturePayment/ }], cli: true },
  { name: 'spec: a duplicate x-slug', ops: [specEdit('operationId: listPayments', 'operationId: listPayments\n      x-slug: capture-payment')], exit: 1, expected: [{ code: 'SpecDuplicateSlug', at: `${SPEC}:25:7` }] },
  { name: 'spec: an empty required list in OpenAPI 3.0 (warning; builds)', ops: [specEdit('openapi: 3.1.0', 'openapi: 3.0.3'), specEdit('      required: [amount]', '      required: []')], exit: 0, expected: [{ code: 'SpecEmptyRequired', at: `${SPEC}:37:` }] },
];

// ---------------------------------------------------------------------------------------------
// The theme

const themeCases: BadInputCase[] = [
  { name: 'theme: a site template that does not compile', ops: [{ write: 'templates/index.tsx', text: "export const templates = {\n  doc: () => <div>,\n};\n" }], exit: 1, expected: [{ code: 'TemplateSyntax', at: 'templates/index.tsx:3:1' }] },
];

export const CASES: BadInputCase[] = [
  ...hostileCases,
  ...inlineIncludeCases,
  ...linkCases,
  ...outputCases,
  ...routeCases,
  ...categoryCases,
  ...frontmatterCases,
  ...contentCases,
  ...configCases,
  ...specCases,
  ...themeCases,
];


/**
 * Cases that fail on this branch because the fix they need is being merged elsewhere (or is not
 * written yet): each is skipped with `it.skip`, naming what it waits for. Enable one by deleting
 * its line here once that fix is merged.
 */
export const PENDING: Pending[] = [
  // Every case passes today. A case that waits for a fix goes here, with the fix it waits for and what happens until then.
];

import type { Severity } from './diagnostic';

/** What the registry knows about one code. */
export interface DiagnosticCodeInfo {
  /** What `diagnostic()` reports when the call site does not say. */
  readonly severity: Severity;
  /** What went wrong, in an author's words: one line, shown in the README's table of codes. */
  readonly meaning: string;
  /** The config setting that changes the severity (`checks.brokenLinks`), when there is one. */
  readonly setting?: string;
}

/**
 * Every diagnostic code docsgen reports, the only place one is defined. Codes are permanent:
 * never rename or reuse one. To add a code, add one line here and run `npm run docs:codes` to
 * regenerate the table in README.md (tests/unit/diagnostic-codes.test.ts checks both).
 */
export const DIAGNOSTIC_CODES = {
  // Config (docs-build.config.ts)
  ConfigSyntax: { severity: 'error', meaning: 'The config file does not compile: the message points at the syntax error.' },
  ConfigNoDefaultExport: { severity: 'error', meaning: 'The config file has no `export default defineConfig({ ... })`.' },
  ConfigEvaluation: { severity: 'error', meaning: 'The config file threw an error while it was loaded.' },
  ConfigUnknownKey: { severity: 'error', meaning: 'The config has a key docsgen does not know, usually a misspelling.' },
  ConfigUnknownItemType: { severity: 'error', meaning: 'A sidebar, navbar or footer item has a `type` that does not exist.' },
  ConfigInvalid: { severity: 'error', meaning: 'A config value is missing or has the wrong type.' },

  // Content files
  CategorySyntax: { severity: 'error', meaning: 'A folder\'s `_category_.yml` (or `.yaml`, `.json`) is not valid YAML.' },
  FrontmatterSyntax: { severity: 'error', meaning: 'The frontmatter between the `---` lines is not valid YAML.' },
  FrontmatterInvalid: { severity: 'error', meaning: 'The frontmatter is not a list of `key: value` lines, or a key has a value of the wrong type.' },
  FrontmatterUnknownKey: { severity: 'warning', meaning: 'The frontmatter has a key docsgen does not know, usually a misspelling; it is ignored.' },
  MissingTitle: { severity: 'error', meaning: 'The page has no `title:` in its frontmatter.' },
  MdxSyntax: { severity: 'error', meaning: 'The page is not valid MDX (an unclosed tag, a stray `<` or `{`): the message gives the reason.' },
  UnknownVariable: { severity: 'error', meaning: 'A `{{provider.…}}` or `{{site.…}}` placeholder names a variable that does not exist.' },
  EsmInContent: { severity: 'error', meaning: 'The page has an `import` or `export` line; components work without imports.' },
  ExpressionInContent: { severity: 'error', meaning: 'The page has a JavaScript `{expression}` or a component attribute that is not a plain string.' },
  UnknownComponent: { severity: 'error', meaning: 'The page uses a component (or a `<>…</>` fragment) that the theme does not provide.' },
  StyleInContent: { severity: 'warning', meaning: 'A tag in content has a `style` attribute, which the site\'s Content-Security-Policy blocks: style it from the stylesheet.' },
  UnknownAdmonition: { severity: 'error', meaning: 'A `:::name` block uses a name that is not an admonition type.' },
  CodeTabsContent: { severity: 'error', meaning: 'A `<CodeTabs>` holds something other than fenced code blocks.' },
  CodeTabsLanguage: { severity: 'error', meaning: 'A code block in `<CodeTabs>` has no language, one that is not a sample language, or the same language as another block.' },
  UnclosedAdmonition: { severity: 'error', meaning: 'A `:::note` (or other admonition) has no closing `:::`; it is reported at its opening line.' },
  JsxInMarkdown: { severity: 'error', meaning: 'A component tag in a plain `.md` file, which is CommonMark: rename the file to `.mdx` to use components.' },
  HtmlInMarkdown: { severity: 'error', meaning: 'An HTML tag in a plain `.md` file: raw HTML is never passed through; use Markdown, or rename to `.mdx` for the allowed tags.' },
  IncludeInParagraph: { severity: 'error', meaning: 'An `<Include>` inside a paragraph names a partial that is more than one paragraph: put the `<Include>` on its own line.' },
  NestingTooDeep: { severity: 'error', meaning: 'Lists, quotes or tags are nested deeper than docsgen reads (32 levels): flatten the structure.' },
  FileTooLarge: { severity: 'error', meaning: 'A content file is over 1 MB: split it into several pages.' },
  ParseTimeout: { severity: 'error', meaning: 'Reading a page\'s Markdown took longer than 2 s (very long tables or lists, thousands of unclosed `*` or `[`): split the page.' },
  PageTooComplex: { severity: 'error', meaning: 'A page has more than 50,000 Markdown elements (paragraphs, list items, table cells, text runs): split it into several pages.' },
  MissingInclude: { severity: 'error', meaning: 'An `<Include>` has no `file` attribute or names a partial that does not exist.' },
  IncludeCycle: { severity: 'error', meaning: 'Partials include each other in a loop.' },
  MissingImage: { severity: 'error', meaning: 'An image points to a file that does not exist.' },
  PluginError: { severity: 'error', meaning: 'A remark or rehype plugin from the config threw while it compiled a page or an OpenAPI description: the message names the plugin and the file.' },
  FontNotFound: { severity: 'error', meaning: 'The font package named in the config\'s `font.package` is not installed, or its stylesheet has no `@font-face` rule with a font file.' },
  FeedEmpty: { severity: 'warning', meaning: 'A page with `feed: true` has no `## YYYY-MM-DD: Title` sections, so no feed is written.' },

  // Routes and navigation
  InvalidRoute: { severity: 'error', meaning: 'A file name, API slug or redirect gives a URL path that is not clean (a space, `#`, `..`, `//`, a backslash or a control character).' },
  RouteCaseClash: { severity: 'error', meaning: 'Two routes differ only in letter case; they would overwrite each other on case-insensitive hosts.' },
  DuplicateRoute: { severity: 'error', meaning: 'Two sources (pages, API operations, redirects) would be served at the same URL.' },
  SidebarUnknownPage: { severity: 'error', meaning: 'A sidebar lists a route, or a category links to one, that is not a page.' },
  SidebarEmptyFolder: { severity: 'warning', meaning: 'An autogenerated sidebar item names a content folder that has no pages.' },

  // OpenAPI document
  SpecMissing: { severity: 'error', meaning: 'The OpenAPI document named in the config does not exist.' },
  SpecSyntax: { severity: 'error', meaning: 'The OpenAPI document is not valid YAML or JSON.' },
  SpecInvalid: { severity: 'error', meaning: 'The OpenAPI document does not follow the OpenAPI schema (or has no `openapi` field).' },
  SpecBrokenRef: { severity: 'error', meaning: 'A `$ref` in the OpenAPI document points at nothing.' },
  SpecExternalRef: { severity: 'error', meaning: 'A `$ref` points outside the OpenAPI document; only references inside it are supported.' },
  SpecEmptyRequired: { severity: 'warning', meaning: 'A schema has an empty `required` list (invalid in OpenAPI 3.0); it is read as no required fields.' },
  SpecDuplicateSlug: { severity: 'error', meaning: 'Two API operations would get the same page; give one a different `x-slug` or `operationId`.' },

  // Checks
  UnsafeLink: { severity: 'error', meaning: 'A link (in content or a description of the OpenAPI document) points to a `javascript:`, `vbscript:` or `data:` URL, which would run on the site\'s origin; browsers and the site\'s Content-Security-Policy block it, so readers get a dead link: link to a page or an https URL.' },
  DeadLink: { severity: 'error', setting: 'checks.brokenLinks', meaning: 'A link points to a page or file that does not exist.' },
  DeadAnchor: { severity: 'error', setting: 'checks.brokenLinks', meaning: 'A link\'s `#anchor` matches no heading or element id on the page it points to.' },
  UnreachablePage: { severity: 'warning', setting: 'checks.unreachablePages', meaning: 'No sidebar, navbar, footer or reachable page links to the page, so readers cannot find it.' },
  SampleMismatch: { severity: 'error', setting: 'checks.codeSamples', meaning: 'A JSON example marked `operation=…` does not match that operation\'s request schema.' },
  SampleInvalidJson: { severity: 'error', setting: 'checks.codeSamples', meaning: 'A JSON example marked `operation=…` is not valid JSON.' },
  SpecExampleMismatch: { severity: 'error', setting: 'checks.codeSamples', meaning: 'An example in the OpenAPI document (`example`, `examples`, of a request, response, parameter, header or schema) does not match its schema.' },
  SampleUnknownOperation: { severity: 'error', setting: 'checks.codeSamples', meaning: 'A code block names an operation that is not in the API reference, or one that takes no request body.' },
  StaleOutput: { severity: 'error', meaning: '`docsgen check --out DIR` found a file the build emits missing from `DIR`: rebuild the site.' },

  // Theme and rendering
  TemplateSyntax: { severity: 'error', meaning: 'The theme\'s templates (`templates/`) do not compile.' },
  RenderError: { severity: 'error', meaning: 'A template threw while rendering the page (often browser-only code run on the server).' },

  // Hosted search (`docsgen search push`)
  SearchCredentialsMissing: { severity: 'error', meaning: '`docsgen search push` needs `DOCSGEN_SEARCH_APP_ID` and `DOCSGEN_SEARCH_ADMIN_KEY` in the environment (the admin key is never read from the config).' },
  SearchWriteKeyInConfig: { severity: 'error', meaning: 'The config\'s `search.apiKey`, which every page publishes, is the admin key or a key that can write to the index: use a search-only key. Nothing was pushed.' },
  SearchNoRecords: { severity: 'error', meaning: 'The output folder has no readable `search-records.json` that a docsgen build published (none, a symbolic link in its place, or an output path docsgen did not make): run `docsgen build` before `docsgen search push`.' },
  SearchHostInvalid: { severity: 'error', meaning: '`--host` or `DOCSGEN_SEARCH_HOST` is not a host: give `name[:port]`, optionally with `http://` or `https://`, several separated by commas.' },
  SearchPushFailed: { severity: 'error', meaning: 'The hosted search service refused a push request or could not be reached: the message gives its answer. A full push leaves the live index as it was.' },

  // docsgen itself
  RootNotAFolder: { severity: 'error', meaning: 'The path given with `--root` is a file, not the site folder.' },
  RootNotFound: { severity: 'error', meaning: 'The site folder given with `--root` does not exist or is not a folder.' },
  OutsideSite: { severity: 'error', meaning: 'A file the site asks for (an include, an image, a static file, the content folder or the spec) is outside the site folder, directly or through a symbolic link.' },
  UnhashedAsset: { severity: 'warning', meaning: 'A file in `static/assets/` has no content hash in its name, but everything under `/assets/` is cached for a year: readers would keep the old file after a change.' },
  UnsafeSvg: { severity: 'error', meaning: 'An SVG in content or `static/` has script, an event handler, `foreignObject`, a `javascript:` or external reference, or DTD entities: it would run or load on the site\'s origin.' },
  SymlinkLoop: { severity: 'error', meaning: 'A symbolic link in `static/` leads to a folder that holds it (the site folder or `static/` itself), which would publish the site\'s sources.' },
  CacheTracked: { severity: 'warning', meaning: 'Files in the cache folder `.docsgen/` are tracked by git, so a commit could put into the output what the sources do not say: the build ignores the cache (as with `--no-cache`). Untrack them (`git rm -r --cached .docsgen`) and list `.docsgen/` in `.gitignore`.' },
  CacheFolderNotFolder: { severity: 'error', meaning: 'The cache folder `.docsgen/`, or a folder docsgen keeps in it, is a symbolic link or a file: writes meant for the site\'s cache would go wherever it points, outside the site. Remove it; docsgen makes the folder.' },
  OutputRefused: { severity: 'error', meaning: 'The output folder is the site folder, holds its sources, lies inside a folder docsgen reads, or is a non-empty folder docsgen did not create; or the folder of versions beside it (`.build.docsgen/`) is a symbolic link, a file, or a folder of files docsgen did not put there.' },
  OutsideOutput: { severity: 'error', meaning: 'An output file would land outside the output folder (a bug guard: routes are validated before this).' },
  FileSystemError: { severity: 'error', meaning: 'Reading or writing a file failed (disk full, read-only folder, permission denied, a folder where a file was expected): the message names the file and the reason.' },
  InternalError: { severity: 'error', meaning: 'docsgen itself failed (a bug, not a problem in your files): the message holds the stack trace.' },
} as const satisfies Record<string, DiagnosticCodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

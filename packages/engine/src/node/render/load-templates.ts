import path from 'node:path';
import { createRequire } from 'node:module';
import type * as esbuildApi from 'esbuild';
import type { ComponentType, ReactNode } from 'react';
import type { PageKind, Sidebar } from '../../shared/page';
import type { PageRenderData } from '../../shared/render-data';
import { diagnostic, DiagnosticError } from '../../shared/diagnostic';
import type { ResolvedConfig } from '../config/resolve-config';
import { writeBundle } from '../fs/bundle-file';
import { ESBUILD_WORKING_DIR, esbuild, inputFiles } from '../client-build/esbuild-dir';
import { prebuiltTheme } from '../client-build/prebuilt-theme';

const require = createRequire(import.meta.url);

/** What a page template is given: the renderer's data and the page's content as React elements. */
export type PageTemplateProps = PageRenderData & { content: ReactNode };

/** What a theme's `templates/index.tsx` exports. */
export interface TemplateModule {
  templates: Partial<Record<PageKind, ComponentType<PageTemplateProps>>>;
  components: Record<string, ComponentType<never>>;
  contentComponents: string[];
  /**
   * Ids the layout gives elements of every page (the main content, the menu, widgets): a heading
   * written in content or a spec description gets the next free id instead (`main-1`).
   */
  reservedIds?: readonly string[];
  /**
   * Files the theme writes once per build besides the pages (paths relative to the output folder,
   * e.g. the lists of a large sidebar that pages load on demand).
   */
  siteFiles?: (input: { sidebars: Readonly<Record<string, Sidebar>> }) => Array<{ file: string; text: string }>;
  /**
   * The id of the element that ends what a page must hold at its first paint, `top` (TOP_OF_PAGE)
   * for the whole page, or null. The page then holds its first paint until that element is in the
   * document (`<link rel="expect" blocking="render">`; Chromium lifts the hold at the element's
   * start tag) or, for `top`, until the page is parsed: a browser paints a long page while it
   * still arrives, and what it painted half-parsed moves when the rest comes (a layout shift).
   */
  paintAfter?: (data: PageRenderData) => string | null;
}

export interface LoadedTemplates {
  module: TemplateModule;
  /** Every source file of the bundle (watch mode rebuilds everything when one changes). */
  inputs: string[];
  /** Hash of the bundled theme: part of the keys of caches that hold theme-rendered HTML. */
  hash: string;
}

/**
 * Bundles the theme with esbuild into the cache folder and imports it. React stays external and is
 * resolved from docsgen's own installation, so the theme and the renderer share one React.
 * A new bundle hash means a fresh import: watch mode picks up template edits without a restart.
 * The default theme's bundle was made with the CLI (`prebuiltTheme`): the same code, without esbuild.
 */
export async function loadTemplates(config: ResolvedConfig): Promise<LoadedTemplates> {
  const { code, inputs } = prebuiltTheme(config.templatesDir)?.templates ?? (await bundleTemplates(config.templatesDir));
  const { url, hash } = writeBundle(config.cacheDir, 'templates', code);
  const module = (await import(url)) as TemplateModule;
  return { module, inputs, hash };
}

/** The theme's server bundle (`index.tsx` and what it imports): its code and its source files. */
export async function bundleTemplates(templatesDir: string): Promise<{ code: string; inputs: string[] }> {
  const entry = path.join(templatesDir, 'index.tsx');
  let result: esbuildApi.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild().build({
      entryPoints: [entry],
      absWorkingDir: ESBUILD_WORKING_DIR,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      logLevel: 'silent',
      // React is CommonJS: `require` loads it without Node first scanning its source for export
      // names, as an import would (react-dom/server is 300 KB), and shares one module cache with it.
      banner: { js: `import { createRequire as __docsgenCreateRequire } from 'node:module';\nconst __docsgenRequire = __docsgenCreateRequire(${JSON.stringify(entry)});` },
      plugins: [
        {
          name: 'docsgen-external-react',
          setup(build: esbuildApi.PluginBuild) {
            // The absolute path, so the banner's base does not matter.
            build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args: esbuildApi.OnResolveArgs) => ({ path: require.resolve(args.path), namespace: 'docsgen-react' }));
            build.onLoad({ filter: /.*/, namespace: 'docsgen-react' }, (args: esbuildApi.OnLoadArgs) => ({ contents: `module.exports = __docsgenRequire(${JSON.stringify(args.path)});`, loader: 'js' }));
          },
        },
      ],
    });
  } catch (error) {
    const failure = error as esbuildApi.BuildFailure;
    throw new DiagnosticError(
      (failure.errors ?? []).map((m) => diagnostic('TemplateSyntax', m.text, { file: m.location ? path.resolve(ESBUILD_WORKING_DIR, m.location.file) : entry, line: m.location?.line, column: (m.location?.column ?? 0) + 1 })),
    );
  }
  // Files only: React's stand-ins (`docsgen-react:/…/react/index.js`) are no file of the theme.
  return { code: result.outputFiles[0]!.text, inputs: inputFiles(result.metafile, ESBUILD_WORKING_DIR) };
}

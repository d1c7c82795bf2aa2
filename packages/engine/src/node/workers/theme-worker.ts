/*
 * The launcher's one-off program, run on a worker thread while it makes a bundle of the CLI: it
 * bundles the default theme into the CLI's folder (see client-build/prebuilt-theme.ts). Nothing of
 * a site is read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { DEFAULT_TEMPLATES_DIR } from '../config/resolve-config';
import { bundleTemplates } from '../render/load-templates';
import { bundleScripts, minifyStyles } from '../client-build/build-client';
import { PREBUILT_THEME_FILE, prebuiltFile } from '../client-build/prebuilt-theme';

/** Writes `theme.json` into `into` for `templatesDir`; a theme that does not bundle writes nothing. */
export async function writePrebuiltTheme(into: string, templatesDir = DEFAULT_TEMPLATES_DIR): Promise<void> {
  const [templates, scripts, styles] = await Promise.all([bundleTemplates(templatesDir), bundleScripts(templatesDir), minifyStyles(templatesDir)]);
  fs.mkdirSync(into, { recursive: true });
  fs.writeFileSync(path.join(into, PREBUILT_THEME_FILE), prebuiltFile(templatesDir, templates, scripts, styles));
}

const into = (workerData as { docsgenTheme?: string } | null)?.docsgenTheme;
if (into) await writePrebuiltTheme(into);

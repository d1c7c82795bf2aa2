import fs from 'node:fs';
import path from 'node:path';
import { EmulatedRegExp, toRegExpDetails } from 'oniguruma-to-es';
import { bundledLanguages, bundledLanguagesInfo } from 'shiki';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';

/*
 * shiki's JavaScript engine translates each Oniguruma pattern of a grammar to a native regular
 * expression (oniguruma-to-es) the first time a rule needs it: parsing the pattern, transforming it
 * and generating the new one, about 1.5 s of the highlight worker's CPU on the portal. The
 * translation depends only on the pattern, oniguruma-to-es and the Node version, so the launcher
 * makes it once, when it bundles the CLI, for the languages API docs use most, and the engine
 * builds each of those regular expressions from its stored translation: what `toRegExp` itself
 * does with the same details. Patterns not in a table (other languages, ends that refer to a
 * begin's captures) are translated when met, as before. Either way the same regular expression.
 */

/** The languages whose translations the launcher stores with the bundle (each with the grammars it embeds). */
export const PRECOMPILED_LANGUAGES = [
  'shellscript', 'javascript', 'typescript', 'jsx', 'tsx', 'json', 'jsonc', 'yaml', 'toml', 'ini', 'xml', 'html', 'css',
  'python', 'go', 'php', 'csharp', 'java', 'kotlin', 'swift', 'ruby', 'rust', 'c', 'cpp', 'dart', 'sql', 'graphql', 'http',
  'diff', 'docker', 'nginx', 'powershell',
] as const;

/** What `toRegExpDetails` gives for an EmulatedRegExp (the package does not export the type). */
type EmulatedRegExpOptions = NonNullable<ReturnType<typeof toRegExpDetails>['options']>;

/** One pattern's translation: `toRegExpDetails`'s pattern, flags and (for an EmulatedRegExp) options. */
type Translation = [pattern: string, flags: string, options?: EmulatedRegExpOptions];

/** A language's table: each pattern, as the grammar's rules hand it to the engine, to its translation. */
export type RegexTable = Record<string, Translation>;

/**
 * What `defaultJavaScriptRegexConstructor` passes to `toRegExp` for an engine with the default
 * target ("auto"). A unit test holds the two to the same regular expressions.
 */
const TRANSLATION_OPTIONS = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3000,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
  target: 'auto',
} as const;

/** The regular expression a translation stands for (what `toRegExp` builds from the same details). */
const regExpOf = ([pattern, flags, options]: Translation): RegExp => (options ? new EmulatedRegExp(pattern, flags, options) : new RegExp(pattern, flags));

/**
 * The patterns a grammar's rules hand to the engine: every `match`, `begin`, `end` and `while`,
 * with `\z` written out and, for a pattern with `\A` or `\G`, each of its four anchor variants
 * (what vscode-textmate's RegExpSource does before it makes a scanner).
 */
export function grammarPatterns(grammars: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string' && (key === 'match' || key === 'begin' || key === 'end' || key === 'while')) for (const variant of anchorVariants(endOfText(value))) found.add(variant);
        else if (typeof value === 'object') walk(value);
      }
    }
  };
  walk(grammars);
  return found;
}

/** `\z` as vscode-textmate rewrites it (Oniguruma's end of text, which JavaScript lacks). */
const endOfText = (source: string): string => source.replace(/\\([\s\S])/g, (escape, next: string) => (next === 'z' ? '$(?!\\n)(?<!\\n)' : escape));

/** The pattern as compiled where `\A` and `\G` may match or not (each one that may not becomes `\uFFFF`). */
function anchorVariants(source: string): string[] {
  if (!/\\[AG]/.test(source.replace(/\\\\/g, ''))) return [source];
  const variant = (a: boolean, g: boolean) => source.replace(/\\([\s\S])/g, (escape, next: string) => ((next === 'A' && !a) || (next === 'G' && !g) ? '\\\uFFFF' : escape));
  return [...new Set([variant(false, false), variant(false, true), variant(true, false), variant(true, true)])];
}

/** A pattern's translation; null when it has none (it is left to fail where shiki meets it). */
function translate(pattern: string): Translation | null {
  try {
    const details = toRegExpDetails(pattern, TRANSLATION_OPTIONS);
    return details.options ? [details.pattern, details.flags, details.options] : [details.pattern, details.flags];
  } catch {
    return null;
  }
}

/**
 * A language's table: every pattern of its grammars (the embedded ones too) that translates.
 * `memo` keeps translations across languages: most embed HTML, CSS or JavaScript.
 */
export async function translateLanguage(language: string, memo = new Map<string, Translation | null>()): Promise<RegexTable> {
  const load = bundledLanguages[language as keyof typeof bundledLanguages];
  if (!load) throw new Error(`shiki has no language "${language}"`);
  const table: RegexTable = {};
  for (const pattern of grammarPatterns((await load()).default)) {
    let translation = memo.get(pattern);
    if (translation === undefined) memo.set(pattern, (translation = translate(pattern)));
    if (translation) table[pattern] = translation;
  }
  return table;
}

/** Writes `<language>.json` into `dir` for each language (the launcher, into a bundle being made). */
export async function writeRegexTables(dir: string, languages: readonly string[] = PRECOMPILED_LANGUAGES): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const memo = new Map<string, Translation | null>();
  for (const language of languages) fs.writeFileSync(path.join(dir, `${language}.json`), JSON.stringify(await translateLanguage(language, memo)));
}

/** Where the tables are: beside the bundled CLI that is running, if it has them. */
const tablesDir = (): string | null => (process.env.DOCSGEN_BUNDLE_DIR ? path.join(process.env.DOCSGEN_BUNDLE_DIR, 'grammars') : null);

/** Every pattern of the tables loaded so far, to its translation. */
const known = new Map<string, Translation>();
const loaded = new Set<string>();
const idOf = new Map(bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name) => [name, info.id] as const)));

/** Regular expressions built from a table, and translated when met (for the tests and the curious). */
export const regexCounts = { stored: 0, translated: 0 };

/**
 * Loads the table of `language` (a name or alias), once, from `dir` (default: the bundle's). No
 * table, an unreadable one or a language not in the list: its patterns are translated when met.
 */
export function loadRegexTable(language: string, dir = tablesDir()): void {
  const id = idOf.get(language) ?? language;
  if (!dir || loaded.has(id)) return;
  loaded.add(id);
  let table: RegexTable;
  try {
    table = JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), 'utf8')) as RegexTable;
  } catch {
    return;
  }
  for (const [pattern, translation] of Object.entries(table)) known.set(pattern, translation);
}

/** The engine's regex constructor: from the tables where they hold the pattern, else shiki's own. */
export function regexConstructor(pattern: string): RegExp {
  const stored = known.get(pattern);
  if (stored) {
    regexCounts.stored++;
    return regExpOf(stored);
  }
  regexCounts.translated++;
  return defaultJavaScriptRegexConstructor(pattern, { target: TRANSLATION_OPTIONS.target });
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * axe-core as the accessibility tests run it: the rules of WCAG 2.0/2.1/2.2 A and AA and best
 * practices (and one experimental rule), in a page of the built portal, at the widths and in the
 * colour modes every page is checked in.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];
export const WIDTHS = [1280, 375];
export const THEMES = ['light', 'dark'] as const;

interface AxeViolation {
  id: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * The rules whose result depends on colours. The colour mode changes only colours (one attribute
 * every colour rule of the stylesheet reads), so in the second mode of a page only these rules
 * can find anything the first did not: the sweep runs them alone there.
 */
export const COLOUR_RULES = (createRequire(import.meta.url)('axe-core') as { getRules: (tags: string[]) => Array<{ ruleId: string; tags: string[] }> })
  .getRules(TAGS)
  .filter((rule) => rule.tags.includes('cat.color'))
  .map((rule) => rule.ruleId);

/**
 * axe's experimental rules that the sweep runs too (with the tags, which leave them out):
 * `td-has-header`, every data cell of a large table has a header (Lighthouse reports it).
 */
const EXPERIMENTAL_RULES = { 'td-has-header': { enabled: true } };

/** What a run does with the colour rules' choice of elements: work it out, and keep it for a later run; or take the kept one. */
export type ColourMatches = 'record' | 'replay';

/** The tabs that load axe into each new document. */
const withAxe = new WeakSet<Page>();

/** The colour-matches state a page keeps as `window.colourMatches`. */
interface ColourMatchState {
  mode: ColourMatches | null;
  /** The page's rendered text when the recording was made. */
  text: string;
  /** Rule id → the elements a recording kept. */
  kept: Map<string, Set<Element>>;
}

/**
 * Installs, in the page, a wrapper around the `matches` of every colour rule: it keeps the elements
 * a `record` run chose, and a `replay` run checks exactly those. Which elements a colour rule
 * checks (visible text, links inside a block of text) does not depend on the colours, and choosing
 * them is a third of what the rules cost on a large page. A replay is refused (the rules choose
 * again) when the page's rendered text differs from the recording's: the colour mode then changed
 * more than colours.
 */
function installColourMatches(rules: string[]): void {
  type Matches = (this: unknown, node: Element, virtualNode: unknown, context: unknown) => boolean;
  const axe = (window as unknown as { axe: { _audit: { rules: Array<{ id: string; matches: Matches }> }; configure(c: object): void } }).axe;
  const state: ColourMatchState = ((window as unknown as { colourMatches: ColourMatchState }).colourMatches = { mode: null, text: '', kept: new Map() });
  axe.configure({
    rules: rules.map((id) => {
      const original = axe._audit.rules.find((rule) => rule.id === id)!.matches;
      return {
        id,
        matches(this: unknown, node: Element, virtualNode: unknown, context: unknown) {
          if (state.mode === 'replay') return state.kept.get(id)!.has(node);
          const matched = original.call(this, node, virtualNode, context);
          if (matched && state.mode === 'record') state.kept.get(id)!.add(node);
          return matched;
        },
      };
    }),
  });
}

/** Starts a colour-matches run in the page. */
function startColourMatches({ mode, rules }: { mode: ColourMatches | null; rules: string[] }): void {
  const state = (window as unknown as { colourMatches: ColourMatchState }).colourMatches;
  const text = document.body.innerText;
  if (mode === 'record') {
    state.kept = new Map(rules.map((id) => [id, new Set<Element>()]));
    state.text = text;
  }
  state.mode = mode === 'replay' && state.text !== text ? null : mode;
}

/** How many elements the last recording kept for each colour rule (a replay checks those). */
export const keptColourMatches = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(() => Object.fromEntries([...(window as unknown as { colourMatches: ColourMatchState }).colourMatches.kept].map(([id, kept]) => [id, kept.size])));

/**
 * Runs axe on the page as it is now (the given rules, or every rule of `TAGS`); violations as
 * `rule: selector (summary)` lines. `colourMatches` records the elements the colour rules check
 * (a run of every rule), or replays the last recording (a run of the colour rules in the other
 * colour mode, the page otherwise as it was).
 */
export async function axeViolations(page: Page, rules?: string[], colourMatches?: ColourMatches): Promise<string[]> {
  // Given through the DevTools protocol, which the pages' Content-Security-Policy does not
  // govern: a <script> tag of axe's source would be (rightly) blocked as an inline script.
  if (!withAxe.has(page)) {
    withAxe.add(page);
    // Every later document of this tab has axe from its start: about 70 ms a page, where
    // evaluating its 550 KB source in the loaded page takes about 190 ms.
    await page.addInitScript({ content: AXE_SOURCE });
  }
  if (!(await page.evaluate(() => 'colourMatches' in window))) {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    await page.evaluate(installColourMatches, COLOUR_RULES);
  }
  await page.evaluate(startColourMatches, { mode: colourMatches ?? null, rules: COLOUR_RULES });
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS };
  const violations = await page.evaluate(
    ({ only, extra }) => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, { runOnly: only, rules: extra, resultTypes: ['violations'], preload: false, iframes: false }).then((r) => r.violations),
    { only: runOnly, extra: EXPERIMENTAL_RULES },
  );
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()})`));
}

/** Sets the colour mode the way the toggle does (the attribute every style reads). */
export const setTheme = (page: Page, theme: (typeof THEMES)[number]) =>
  page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);

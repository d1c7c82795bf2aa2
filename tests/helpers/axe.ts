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

/** Runs axe on the page as it is now (the given rules, or every rule of `TAGS`); violations as `rule: selector (summary)` lines. */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the pages' Content-Security-Policy does not
  // govern: a <script> tag of axe's source would be (rightly) blocked as an inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
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

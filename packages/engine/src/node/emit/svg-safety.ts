import fs from 'node:fs';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { DirCache } from '../cache/dir-cache';
import { hashOf } from '../cache/cache-key';
import { engineFingerprint } from '../cache/engine-fingerprint';

/** Elements that run script, embed other documents or pull in HTML. */
const FORBIDDEN = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'image-set']);
/** Animation elements that could set a link target (`<set attributeName="href" to="javascript:…">`). */
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'discard']);
/** A reference that stays inside the file: `#id`, or image data. */
const LOCAL_REF = /^\s*(#|data:image\/(png|jpe?g|gif|webp);)/i;
/** `url(…)` that is not `url(#id)`, or `@import`. */
const EXTERNAL_CSS = /@import|url\(\s*(?!['"]?\s*#)/i;

/**
 * Why an SVG published by the site could run script or load something on the site's origin, each
 * with the line and column of the element: script, event handler attributes, `foreignObject`
 * (and other embedding elements), links and references that are not `#fragment` (external or
 * `javascript:`), external CSS references, animated link targets, and DTD entities. An empty list
 * when the file is only drawing. Pure.
 */
export function svgProblems(text: string, file: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const refuse = (what: string, line?: number, column?: number) =>
    problems.push(diagnostic('UnsafeSvg', `the SVG ${what}`, { file, line, column }, { hint: 'SVGs are published on the site\'s origin: export it again as plain drawing (no script, event handlers, foreignObject or external references), or put interactive parts in a component' }));
  const entity = /<!ENTITY|<!DOCTYPE[^>]*\[/i.exec(text);
  if (entity) {
    const before = text.slice(0, entity.index).split('\n');
    refuse('declares DTD entities', before.length, before[before.length - 1]!.length + 1);
  }
  const tree: Root = fromHtml(text, { fragment: true });
  const visit = (node: Root | RootContent) => {
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element') checkElement(node, refuse);
    for (const child of node.children) visit(child);
  };
  visit(tree);
  return problems;
}

function checkElement(node: Element, refuse: (what: string, line?: number, column?: number) => void): void {
  const { line, column } = node.position?.start ?? {};
  const name = node.tagName.toLowerCase();
  if (FORBIDDEN.has(name)) refuse(`has a <${node.tagName}> element, which can run script or embed a document`, line, column);
  if (name === 'style' && EXTERNAL_CSS.test(toString(node))) refuse('has a <style> that loads something from outside the file (@import or url())', line, column);
  for (const [key, value] of Object.entries(node.properties)) {
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    if (/^on/i.test(key)) refuse(`has an event handler attribute (${key.toLowerCase()}) on <${node.tagName}>`, line, column);
    else if (/href$/i.test(key) && !LOCAL_REF.test(text)) refuse(`links <${node.tagName}> to ${/^\s*javascript:/i.test(text) ? 'a javascript: URL' : `"${text.slice(0, 60)}"`}: only #fragment references are allowed`, line, column);
    else if (/^(src|style|fill|stroke|filter|clipPath|mask|markerStart|markerMid|markerEnd|cursor)$/i.test(key) && EXTERNAL_CSS.test(text)) refuse(`refers to something outside the file in ${key} on <${node.tagName}>`, line, column);
    else if (ANIMATIONS.has(name) && key === 'attributeName' && /href/i.test(text)) refuse(`animates a link target on <${node.tagName}>`, line, column);
  }
}

/**
 * The problems of every SVG among the files copied into the output (output path → source file).
 * Reads them; `cache` keeps each file's problems by its path and text (parsing the portal's
 * drawings took a fifteenth of its warm build).
 */
export function svgFileProblems(copies: ReadonlyMap<string, string>, cache: DirCache<Diagnostic[]> | null = null): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const used: string[] = [];
  for (const [file, source] of copies) {
    if (!/\.svg$/i.test(file)) continue;
    const text = fs.readFileSync(source, 'utf8');
    const key = cache ? hashOf(engineFingerprint(), source, text) : '';
    let found = cache?.get(key);
    if (!found) {
      found = svgProblems(text, source);
      cache?.set(key, found);
    }
    used.push(key);
    problems.push(...found);
  }
  if (cache && cache.misses) cache.retain(used);
  return problems;
}

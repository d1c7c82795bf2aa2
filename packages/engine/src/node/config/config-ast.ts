import { createRequire } from 'node:module';
import type * as t from '@babel/types';

/** A key path as zod reports it: object keys and array indexes (`['navbar', 'items', 3, 'type']`). */
export type KeyPath = readonly PropertyKey[];

/** A 1-based line and column in the config file, and whether the whole key path was found there. */
export interface KeyLocation {
  line: number;
  column: number;
  /** False when the walk stopped early: the key is absent, or the value is computed (a call, a spread of an import). */
  complete: boolean;
}

/** What to point at when the path is found: the value (wrong values) or the key (unknown keys). */
export type LocateTarget = 'value' | 'key';

type Parse = typeof import('@babel/parser').parse;
let parseModule: Parse | undefined;

/**
 * The parser is loaded on the first call only, synchronously: positions are needed only when a
 * config diagnostic is reported, so a clean build never pays for loading it (about 10 ms).
 */
function parser(): Parse {
  parseModule ??= (createRequire(import.meta.url)('@babel/parser') as typeof import('@babel/parser')).parse;
  return parseModule;
}

/** A parsed config file. */
export type ConfigTree = t.File;

/** The config file's syntax tree; null when it does not parse (esbuild reports that error itself). */
export function parseConfigSource(source: string): ConfigTree | null {
  try {
    return parser()(source, { sourceType: 'module', plugins: ['typescript'], errorRecovery: true });
  } catch {
    return null;
  }
}

/**
 * Position of `keyPath` in the config's syntax tree, walked from the default-exported object
 * (through `defineConfig(...)`, `as`/`satisfies`, and top-level `const`s it names). A missing key
 * points at the object literal that lacks it; a value that is computed stops the walk at the
 * expression that computes it. Undefined when the file has no default-exported expression.
 */
export function locateInTree(tree: ConfigTree, keyPath: KeyPath, target: LocateTarget = 'value'): KeyLocation | undefined {
  const scope = topLevelConsts(tree.program);
  const root = defaultExport(tree.program, scope);
  if (!root) return undefined;
  let node: t.Node = root;
  let keyNode: t.Node | undefined;
  for (const key of keyPath) {
    const next = childAt(resolve(node, scope), key, scope);
    if (!next) return at(resolve(node, scope), false);
    node = next.value;
    keyNode = next.key;
  }
  return at(target === 'key' && keyNode ? keyNode : node, true);
}

/** Top-level `const x = …` (and `let`/`var`) initializers by name, for configs split into variables. */
function topLevelConsts(program: t.Program): Map<string, t.Expression> {
  const scope = new Map<string, t.Expression>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type === 'Identifier' && declarator.init) scope.set(declarator.id.name, declarator.init);
    }
  }
  return scope;
}

/** The default-exported expression: `export default …` or `export { x as default }`. */
function defaultExport(program: t.Program, scope: Map<string, t.Expression>): t.Node | undefined {
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration') return statement.declaration;
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    for (const specifier of statement.specifiers) {
      const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
      if (specifier.type === 'ExportSpecifier' && exported === 'default') return scope.get(specifier.local.name) ?? specifier;
    }
  }
  return undefined;
}

/**
 * The literal behind an expression: unwraps parentheses, type assertions, `defineConfig(x)` (any
 * call with one object argument: the config helpers are identity functions) and names of
 * top-level constants. Stops at anything else, which is then where positions point.
 */
function resolve(node: t.Node, scope: Map<string, t.Expression>, seen = new Set<t.Node>()): t.Node {
  if (seen.has(node)) return node;
  seen.add(node);
  switch (node.type) {
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
    case 'ParenthesizedExpression':
      return resolve(node.expression, scope, seen);
    case 'CallExpression': {
      const [first] = node.arguments;
      return node.arguments.length === 1 && first && first.type !== 'SpreadElement' && first.type !== 'ArgumentPlaceholder' ? resolve(first, scope, seen) : node;
    }
    case 'Identifier': {
      const init = scope.get(node.name);
      return init ? resolve(init, scope, seen) : node;
    }
    default:
      return node;
  }
}

/** The property or element `key` of an object or array literal, with the node of its key. */
function childAt(node: t.Node, key: PropertyKey, scope: Map<string, t.Expression>): { key?: t.Node; value: t.Node } | undefined {
  if (node.type === 'ObjectExpression' && typeof key === 'string') return propertyOf(node, key, scope);
  if (node.type === 'ArrayExpression' && typeof key === 'number') {
    const element = elementsOf(node, scope)[key];
    return element ? { value: element } : undefined;
  }
  return undefined;
}

/** The property named `key`; the last one wins, spreads of known objects included, as in JavaScript. */
function propertyOf(node: t.ObjectExpression, key: string, scope: Map<string, t.Expression>): { key?: t.Node; value: t.Node } | undefined {
  for (let i = node.properties.length - 1; i >= 0; i--) {
    const property = node.properties[i]!;
    if (property.type === 'SpreadElement') {
      const spread = resolve(property.argument, scope);
      const found = spread.type === 'ObjectExpression' ? propertyOf(spread, key, scope) : undefined;
      if (found) return found;
      continue;
    }
    if (keyName(property) !== key) continue;
    return { key: property.key, value: property.type === 'ObjectProperty' ? property.value : property };
  }
  return undefined;
}

/** A property's key as a string: `a`, `'a'`, `"a"`, `[‘a’]` or `1`; undefined when computed. */
function keyName(property: t.ObjectProperty | t.ObjectMethod): string | undefined {
  const key = property.key;
  if (key.type === 'Identifier' && !property.computed) return key.name;
  if (key.type === 'StringLiteral') return key.value;
  if (key.type === 'NumericLiteral') return String(key.value);
  return undefined;
}

/** An array literal's elements, with spreads of known arrays expanded; a hole or unknown spread ends the list. */
function elementsOf(node: t.ArrayExpression, scope: Map<string, t.Expression>): t.Node[] {
  const elements: t.Node[] = [];
  for (const element of node.elements) {
    if (!element) return elements;
    if (element.type !== 'SpreadElement') {
      elements.push(element);
      continue;
    }
    const spread = resolve(element.argument, scope);
    if (spread.type !== 'ArrayExpression') return elements;
    elements.push(...elementsOf(spread, scope));
  }
  return elements;
}

function at(node: t.Node, complete: boolean): KeyLocation | undefined {
  const start = node.loc?.start;
  return start ? { line: start.line, column: start.column + 1, complete } : undefined;
}

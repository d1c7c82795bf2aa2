import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import jsYaml from 'js-yaml';
import { LineCounter, parseDocument } from 'yaml';
import { specLocator } from '../../packages/engine/src/node/openapi/spec-locator';
import { escapePointer, pointerSegments } from '../../packages/engine/src/node/openapi/json-pointer';

const repo = path.resolve(import.meta.dirname, '../..');

/** The reference: the `yaml` package's AST, which knows where every node is. */
function astLocate(text: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  return (pointer: string) => {
    const segments = pointerSegments(pointer);
    for (let n = segments.length; n >= 0; n--) {
      const node = doc.getIn(segments.slice(0, n), true);
      if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
        const p = lineCounter.linePos(node.range[0] as number);
        return { line: p.line, column: p.col };
      }
    }
    return {};
  };
}

/** Every node's pointer, and one under each that does not exist (it is placed at its parent). */
function pointersOf(text: string): string[] {
  const pointers = ['#'];
  const walk = (value: unknown, pointer: string) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const here = `${pointer}/${escapePointer(key)}`;
      pointers.push(here, `${here}/missing`);
      walk(child, here);
    }
  };
  walk(jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA }), '#');
  return pointers;
}

/** The pointers the two locators place differently. */
function disagreements(text: string): string[] {
  const fast = specLocator(text);
  const reference = astLocate(text);
  return pointersOf(text).filter((p) => JSON.stringify(fast(p)) !== JSON.stringify(reference(p)));
}

// YAML that OpenAPI documents rarely use, each form placed by the AST and by js-yaml's listener.
const TRICKY = `%YAML 1.2
---
# a comment first
openapi: 3.0.3
info: &info
  title: "Quoted: title"   # trailing comment
  version: '1.0'
  description: |
    A block scalar
  x-folded: >-
    folded
    text
paths:
  /a:
    get:
      responses:
        '404': {description: "a flow map", content: {}}
      parameters:
        - name: id
          in: path
        -   name: second
            in: query
        - {name: third, in: header}
        - !!map
          name: tagged
        -
          name: on the next line
      tags: [a, b, "c"]
components:
  schemas:
    Empty:
    Spaced:   
    Commented: # nothing
    Nulls: null
    Described: # a comment between a key and its value
      # and a line of comment
      type: string
    Multi: a plain scalar
      on two lines
    Anchored: &anchored
      type: object
    Alias: *anchored
    ? explicit
    : value
    Tagged: !!str 123
    Seq:
    - one
    - two:
        three: 3
`;

describe('specLocator', () => {
  it("places every node of the portal's and the fixtures' specs where the YAML AST does", () => {
    const specs = [path.join(repo, 'specs/payments.yaml'), ...['api', 'issue-12'].map((f) => path.join(repo, `tests/fixtures/${f}/specs/payments.yaml`))];
    for (const file of specs) expect(disagreements(fs.readFileSync(file, 'utf8')), file).toEqual([]);
  });

  it('places anchors, aliases, tags, comments, empty values, block and flow styles, and JSON where the AST does', () => {
    expect(disagreements(TRICKY)).toEqual([]);
    const json = '{\n  "openapi": "3.1.0",\n  "paths": {"/x": {"get": {"parameters": [{"name": "a"}, {"name": "b",\n    "in": "path"}]}}},\n  "list": [1, [2, 3], {"k": [4]}]\n}\n';
    expect(disagreements(json)).toEqual([]);
  });

  it('counts a byte-order mark and CRLF line ends as the file has them', () => {
    expect(disagreements('\uFEFFopenapi: 3.0.0\ninfo:\n  title: x\n')).toEqual([]);
    expect(disagreements('openapi: 3.0.0\r\ninfo:\r\n  title: x\r\n  list:\r\n    - a\r\n')).toEqual([]);
    expect(specLocator('\uFEFFopenapi: 3.0.0\ninfo:\n  title: x\n')('#/info/title')).toEqual({ line: 3, column: 10 });
  });

  it('finds a response under an unquoted status code (the AST looks for the key as a string and stops at `responses`)', () => {
    const text = 'paths:\n  /a:\n    get:\n      responses:\n        200:\n          description: ok\n';
    expect(specLocator(text)('#/paths/~1a/get/responses/200/description')).toEqual({ line: 6, column: 24 });
    expect(astLocate(text)('#/paths/~1a/get/responses/200/description')).toEqual({ line: 5, column: 9 });
  });

  it('falls back to the AST for text js-yaml cannot read', () => {
    const text = 'a: [1, 2\nb: 3\n';
    expect(specLocator(text)('#/b')).toEqual(astLocate(text)('#/b'));
  });
});

import { describe, expect, it } from 'vitest';
import { exampleFor, schemaTree, type SchemaContext, type SchemaNode } from '../../packages/engine/src/node/openapi/schema-tree';
import type { JsonObject } from '../../packages/engine/src/node/openapi/load-openapi';

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

const components: Record<string, JsonObject> = {
  Status: { type: 'string', enum: ['PENDING', 'DONE'], readOnly: true },
  Customer: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, password: { type: 'string', writeOnly: true } } },
  Session: {
    type: 'object',
    required: ['amount', 'currency', 'id'],
    properties: {
      id: { type: 'string', format: 'uuid', readOnly: true },
      amount: { type: 'integer', format: 'int64', minimum: 1, description: 'Minor units.' },
      currency: { type: 'string', enum: ['NOK', 'SEK'], default: 'NOK' },
      secret: { type: 'string', writeOnly: true },
      status: ref('Status'),
      customer: ref('Customer'),
      tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
    },
  },
  Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: ref('Node') }, parent: ref('Node') } },
  Base: { type: 'object', required: ['id'], description: 'Base description.', properties: { id: { type: 'string' }, kind: { type: 'string' } } },
  Merged: { allOf: [ref('Base'), { type: 'object', required: ['extra'], properties: { extra: { type: 'integer' }, kind: { type: 'string', enum: ['merged'] } } }] },
  Card: { title: 'Card', type: 'object', properties: { pan: { type: 'string' } } },
  PaymentMethod: { oneOf: [ref('Card'), { title: 'Bank', type: 'object', properties: { iban: { type: 'string' } } }, { type: 'string' }] },
  Misc: {
    type: 'object',
    properties: {
      note: { type: ['string', 'null'], deprecated: true },
      meta: { type: 'object', additionalProperties: { type: 'integer' } },
      card: { ...ref('Card'), description: 'Own description wins.' },
      gone: ref('Missing'),
    },
  },
};
const ctx: SchemaContext = { components, markdown: (text) => `<p>${text}</p>` };

/** `name[*]: type` per field, nested fields indented; `*` marks required, `↺` a circular link. */
function fields(node: SchemaNode, indent = ''): string[] {
  return (node.children ?? []).flatMap((c) => [`${indent}${c.name}${c.required ? '*' : ''}: ${c.type}${c.circular ? ' ↺' : ''}`, ...fields(c, `${indent}  `)]);
}

describe('schemaTree', () => {
  it('survives an allOf loop: each schema of the loop contributes its fields once', () => {
    const loop: SchemaContext = {
      markdown: (text) => text,
      components: {
        A: { allOf: [ref('B'), { type: 'object', properties: { a: { type: 'string' } } }] },
        B: { allOf: [ref('A'), { type: 'object', properties: { b: { type: 'integer' } } }] },
      },
    };
    expect(schemaTree(ref('A'), loop, 'schema').children?.map((c) => `${c.name}:${c.type}`)).toEqual(['b:integer', 'a:string']);
    expect(exampleFor(ref('B'), loop, 'schema')).toEqual({ a: 'string', b: 0 });
  });

  it('leaves readOnly fields (also behind a $ref) out in request mode and keeps writeOnly ones', () => {
    expect(fields(schemaTree(ref('Session'), ctx, 'request'))).toEqual([
      'amount*: integer<int64>',
      'currency*: string',
      'secret: string',
      'customer: Customer',
      '  email*: string<email>',
      '  password: string',
      'tags: array<string>',
    ]);
  });

  it('leaves writeOnly fields out in response mode, at every depth, and keeps readOnly ones', () => {
    expect(fields(schemaTree(ref('Session'), ctx, 'response'))).toEqual([
      'id*: string<uuid>',
      'amount*: integer<int64>',
      'currency*: string',
      'status: string',
      'customer: Customer',
      '  email*: string<email>',
      'tags: array<string>',
    ]);
  });

  it('keeps every field in schema mode', () => {
    expect(fields(schemaTree(ref('Session'), ctx, 'schema')).filter((f) => !f.startsWith(' '))).toEqual([
      'id*: string<uuid>',
      'amount*: integer<int64>',
      'currency*: string',
      'secret: string',
      'status: string',
      'customer: Customer',
      'tags: array<string>',
    ]);
  });

  it('carries the facts of a field: description, enum, default, constraints, refName', () => {
    const tree = schemaTree(ref('Session'), ctx, 'schema');
    const field = (name: string) => tree.children!.find((c) => c.name === name)!;
    expect(tree).toMatchObject({ type: 'Session', refName: 'Session' });
    expect(field('amount')).toEqual({ name: 'amount', type: 'integer<int64>', required: true, description: '<p>Minor units.</p>', constraints: ['≥ 1'] });
    expect(field('currency')).toEqual({ name: 'currency', type: 'string', required: true, enum: ['NOK', 'SEK'], default: 'NOK', constraints: [] });
    expect(field('status')).toEqual({ name: 'status', type: 'string', refName: 'Status', enum: ['PENDING', 'DONE'], constraints: [] });
    expect(field('tags')).toEqual({ name: 'tags', type: 'array<string>', constraints: ['max items 3'] });
    expect(field('secret').required).toBeUndefined();
  });

  it('renders a circular $ref as a link instead of expanding it again', () => {
    const tree = schemaTree(ref('Node'), ctx, 'schema');
    expect(fields(tree)).toEqual(['name: string', 'children: array<Node> ↺', 'parent: Node ↺']);
    expect(tree.children![1]).toEqual({ name: 'children', type: 'array<Node>', refName: 'Node', constraints: [], circular: true });
    expect(tree.children![2]).toEqual({ name: 'parent', type: 'Node', refName: 'Node', circular: true });
  });

  it('expands the same schema again when it is not its own ancestor', () => {
    const twice: SchemaContext = { ...ctx, components: { ...components, Pair: { type: 'object', properties: { a: ref('Card'), b: ref('Card') } } } };
    expect(fields(schemaTree(ref('Pair'), twice, 'schema'))).toEqual(['a: Card', '  pan: string', 'b: Card', '  pan: string']);
  });

  it('merges allOf members into one field list with their required fields, the later member winning', () => {
    const tree = schemaTree(ref('Merged'), ctx, 'schema');
    expect(tree.type).toBe('Merged');
    expect(tree.description).toBe('<p>Base description.</p>');
    expect(fields(tree)).toEqual(['id*: string', 'kind: string', 'extra*: integer']);
    expect(tree.children![1]!.enum).toEqual(['merged']);
  });

  it('merges an inline allOf with the sibling properties of the schema itself', () => {
    const tree = schemaTree({ allOf: [ref('Base')], properties: { own: { type: 'boolean' } }, required: ['own'] }, ctx, 'request');
    expect(tree.type).toBe('object');
    expect(fields(tree)).toEqual(['id*: string', 'kind: string', 'own*: boolean']);
  });

  it('turns oneOf into labelled variants', () => {
    const tree = schemaTree(ref('PaymentMethod'), ctx, 'schema');
    expect(tree.type).toBe('one of');
    expect(tree.variants?.kind).toBe('oneOf');
    expect(tree.variants?.options.map((o) => `${o.label}: ${o.node.type} [${fields(o.node).join(', ')}]`)).toEqual(['Card: Card [pan: string]', 'Bank: object [iban: string]', 'Option 3: string []']);
  });

  it('marks nullable and deprecated fields, draws maps, lets $ref siblings win and survives a missing $ref', () => {
    const tree = schemaTree(ref('Misc'), ctx, 'schema');
    const [note, meta, card, gone] = tree.children!;
    expect(note).toEqual({ name: 'note', type: 'string', constraints: [], deprecated: true, nullable: true });
    expect(meta!.type).toBe('map<string, integer>');
    expect(card).toMatchObject({ name: 'card', type: 'Card', refName: 'Card', description: '<p>Own description wins.</p>' });
    expect(gone).toMatchObject({ name: 'gone', type: 'any', refName: 'Missing' });
  });
});

describe('exampleFor', () => {
  it('builds a request example from required fields only, without readOnly ones', () => {
    expect(exampleFor(ref('Session'), ctx, 'request')).toEqual({ amount: 1, currency: 'NOK' });
  });

  it('builds a response example without writeOnly fields, from formats, enums and defaults', () => {
    expect(exampleFor(ref('Session'), ctx, 'response')).toEqual({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      amount: 1,
      currency: 'NOK',
      status: 'PENDING',
      customer: { email: 'customer@example.com' },
      tags: ['string'],
    });
  });

  it('stops at a circular reference', () => {
    expect(exampleFor(ref('Node'), ctx, 'response')).toEqual({ name: 'string', children: [{}], parent: {} });
  });
});

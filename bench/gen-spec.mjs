#!/usr/bin/env node
// docsgen's generator for API-scale measurements: a site whose spec has N operations, in tags of 20
// (one resource per tag: list, create, get, update, delete, then actions), each with a path
// parameter, an Idempotency-Key header on writes, a request body and responses that reference the
// tag's schemas, and one content page.
// Usage: node bench/gen-spec.mjs <dir> <operations>
import fs from 'node:fs';
import path from 'node:path';

const [dir, countArg] = process.argv.slice(2);
if (!dir || !countArg) {
  console.error('usage: node bench/gen-spec.mjs <dir> <operations>');
  process.exit(2);
}
const count = Number(countArg);
const root = path.resolve(dir);
fs.rmSync(root, { recursive: true, force: true });

const PER_TAG = 20;
const nouns = ['payment', 'refund', 'session', 'customer', 'subscription', 'payout', 'dispute', 'terminal', 'token', 'invoice'];
const resource = (t) => `${nouns[t % nouns.length]}${Math.floor(t / nouns.length) || ''}`;
const pascal = (s) => s.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());

const lines = [
  'openapi: 3.1.0',
  'info:',
  '  title: Generated API',
  '  version: 1.0.0',
  `  description: A generated API with ${count} operations.`,
  'servers:',
  '  - url: https://api.test.example.com',
  '    description: Test',
  'security:',
  '  - bearerAuth: []',
  'tags:',
];
const tagCount = Math.ceil(count / PER_TAG);
for (let t = 0; t < tagCount; t++) lines.push(`  - name: ${pascal(resource(t))}s`, `    description: Operations on ${resource(t)}s.`);
lines.push('paths:');
for (let t = 0; t < tagCount; t++) {
  const r = resource(t);
  const R = pascal(r);
  const ops = Math.min(PER_TAG, count - t * PER_TAG);
  for (let k = 0; k < ops; k++) {
    const action = k < 5 ? ['list', 'create', 'get', 'update', 'delete'][k] : `action${k}`;
    const write = action !== 'list' && action !== 'get';
    const p = action === 'list' || action === 'create' ? `/v1/${r}s/k${k}` : `/v1/${r}s/{${r}Id}/${action}`;
    lines.push(
      `  ${p}:`,
      `    ${write ? 'post' : 'get'}:`,
      `      operationId: ${action}${R}`,
      `      tags: [${R}s]`,
      `      summary: ${action[0].toUpperCase()}${action.slice(1)} a ${r}`,
      `      description: ${action[0].toUpperCase()}${action.slice(1)}s a ${r}. The ${r} must exist and belong to your account; see [the schema](/api/schemas/${r.toLowerCase()}).`,
    );
    const params = [];
    if (p.includes('{')) params.push(`        - name: ${r}Id`, '          in: path', '          required: true', `          description: The ${r}.`, '          schema: { type: string, format: uuid }');
    if (write) params.push("        - $ref: '#/components/parameters/IdempotencyKey'");
    if (params.length) lines.push('      parameters:', ...params);
    if (write) {
      lines.push(
        '      requestBody:',
        '        required: true',
        '        content:',
        '          application/json:',
        `            schema: { $ref: '#/components/schemas/${R}Request' }`,
        `            example: { amount: ${1000 + k}, currency: EUR, reference: order-${t}-${k} }`,
      );
    }
    lines.push(
      '      responses:',
      "        '200':",
      `          description: The ${r}.`,
      '          content:',
      '            application/json:',
      `              schema: { $ref: '#/components/schemas/${R}' }`,
      "        '400':",
      "          $ref: '#/components/responses/BadRequest'",
    );
  }
}
lines.push(
  'components:',
  '  securitySchemes:',
  '    bearerAuth:',
  '      type: http',
  '      scheme: bearer',
  '      description: Send your secret key as a bearer token.',
  '  parameters:',
  '    IdempotencyKey:',
  '      name: Idempotency-Key',
  '      in: header',
  '      required: true',
  '      description: A UUID you generate for each new request.',
  '      schema: { type: string, format: uuid }',
  '  responses:',
  '    BadRequest:',
  '      description: The request is not valid.',
  '      content:',
  '        application/json:',
  "          schema: { $ref: '#/components/schemas/Error' }",
  '          example: { code: invalid_request, message: amount must be positive }',
  '  schemas:',
  '    Error:',
  '      type: object',
  '      required: [code, message]',
  '      properties:',
  '        code: { type: string, description: A machine-readable error code. }',
  '        message: { type: string, description: What went wrong. }',
);
for (let t = 0; t < tagCount; t++) {
  const r = resource(t);
  const R = pascal(r);
  lines.push(
    `    ${R}Request:`,
    '      type: object',
    '      required: [amount, currency]',
    '      properties:',
    '        amount: { type: integer, minimum: 1, description: The amount in minor units. }',
    '        currency: { type: string, enum: [EUR, NOK, SEK, DKK], description: The ISO 4217 currency. }',
    '        reference: { type: string, maxLength: 64, description: Your reference. }',
    `    ${R}:`,
    '      type: object',
    '      properties:',
    '        id: { type: string, format: uuid }',
    '        amount: { type: integer }',
    '        currency: { type: string }',
    "        createdAt: { type: string, format: date-time }",
    '        status: { type: string, enum: [PENDING, DONE, FAILED] }',
  );
}
fs.mkdirSync(path.join(root, 'specs'), { recursive: true });
fs.writeFileSync(path.join(root, 'specs', 'api.yaml'), `${lines.join('\n')}\n`);
fs.mkdirSync(path.join(root, 'content'), { recursive: true });
fs.writeFileSync(path.join(root, 'content', 'index.mdx'), `---\ntitle: Generated API\ndescription: A site with ${count} generated operations.\n---\n\nSee [the API reference](/api).\n`);
console.log(`wrote a ${count}-operation spec in ${tagCount} tags to ${root}`);

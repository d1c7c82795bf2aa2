import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeSamples, type SampleRequest } from '../../packages/engine/src/node/openapi/code-samples';

const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const requests: SampleRequest[] = [
  {
    method: 'POST',
    url: 'https://payments.test.epic.example/v1/payment-sessions',
    body: { pointOfSaleId: '7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b', amount: 10000, currency: 'NOK', reference: "O'Brien order `42`", customAttributes: { campaign: 'spring' }, paymentMethods: ['CARD'], instantCapture: false, note: null },
    idempotent: true,
    auth: { envVar: 'EPIC_API_KEY' },
  },
  { method: 'GET', url: 'https://payments.test.epic.example/v1/transactions?limit=25', idempotent: false, auth: { envVar: 'EPIC_API_KEY' } },
  { method: 'PATCH', url: 'https://payments.test.epic.example/v1/subscriptions/sub_1', body: { interval: 'MONTHLY' }, idempotent: false, auth: { envVar: 'EPIC_PARTNER_TOKEN' } },
  // security: [] (a token request): no Authorization header at all.
  { method: 'POST', url: 'https://payments.test.epic.example/v1/partner/access-tokens', body: { clientId: 'c', clientSecret: 's' }, idempotent: true },
];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-samples-'));
const all = requests.flatMap((r, i) => codeSamples(r, ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']).map((s) => ({ ...s, i, request: r })));

describe('generated code samples', () => {
  it('exist in every language, with the operation\'s own credential (or none) and, where declared, an idempotency key', () => {
    for (const sample of all) {
      if (sample.request.auth) {
        expect(sample.code).toMatch(/Bearer/);
        expect(sample.code).toContain(sample.request.auth.envVar);
      } else {
        expect(sample.code).not.toMatch(/Bearer|Authorization/);
      }
      if (sample.request.idempotent) expect(sample.code).toMatch(/Idempotency-Key/);
      else expect(sample.code).not.toMatch(/Idempotency-Key/);
    }
    expect(all.filter((s) => s.i === 0).map((s) => s.lang)).toEqual(['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']);
  });

  it('never put a secret key into code: no sk_ literal, and the JavaScript tab is server code', () => {
    for (const sample of all) expect(sample.code).not.toMatch(/sk_(test|live)_/);
    for (const s of all.filter((x) => x.lang === 'javascript')) {
      expect(s.code).toMatch(/^\/\/ Server-side JavaScript/);
      if (s.request.auth) expect(s.code).toContain('process.env.');
    }
  });

  it.skipIf(!has('php'))('PHP makes a version 4 UUID for the Idempotency-Key (run with php)', () => {
    const code = all.find((s) => s.lang === 'php' && s.i === 0)!.code;
    const lines = code.split('\n');
    const from = lines.findIndex((l) => l.startsWith('$bytes = '));
    const to = lines.findIndex((l) => l.startsWith('$idempotencyKey = '));
    const script = `${lines.slice(from, to + 1).join('\n')}\necho $idempotencyKey;`;
    for (let n = 0; n < 5; n++) expect(execFileSync('php', ['-r', script], { encoding: 'utf8' })).toMatch(UUID_V4);
  });

  it.skipIf(!has('go'))('Go makes a version 4 UUID for the Idempotency-Key (go run, no network)', () => {
    const code = all.find((s) => s.lang === 'go' && s.i === 0)!.code;
    const lines = code.split('\n');
    const from = lines.findIndex((l) => l.includes('key := make([]byte, 16)'));
    const set = lines.findIndex((l) => l.includes('req.Header.Set("Idempotency-Key"'));
    const program = ['package main', '', 'import (', '\t"crypto/rand"', '\t"fmt"', '\t"log"', ')', '', 'func main() {', ...lines.slice(from, set), lines[set]!.replace(/req\.Header\.Set\("Idempotency-Key", (.*)\)$/, 'fmt.Print($1)'), '}'].join('\n');
    const file = path.join(dir, 'uuid.go');
    fs.writeFileSync(file, program);
    const out = execFileSync('go', ['run', file], { encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod', GOCACHE: path.join(dir, 'gocache'), GOPATH: path.join(dir, 'gopath') } });
    expect(out).toMatch(UUID_V4);
  });

  it('curl samples parse as shell', () => {
    for (const s of all.filter((x) => x.lang === 'curl')) {
      const file = path.join(dir, `s${s.i}.sh`);
      fs.writeFileSync(file, s.code);
      execFileSync('bash', ['-n', file]);
    }
  });

  it('JavaScript and Node samples parse (node --check) and carry real example values', () => {
    for (const s of all.filter((x) => x.lang === 'javascript' || x.lang === 'nodejs')) {
      const file = path.join(dir, `s${s.i}-${s.lang}.mjs`);
      fs.writeFileSync(file, s.code);
      execFileSync(process.execPath, ['--check', file]);
    }
    expect(all.find((s) => s.lang === 'nodejs' && s.i === 0)!.code).toContain('"amount": 10000');
  });

  it.skipIf(!has('php'))('PHP samples pass php -l', () => {
    for (const s of all.filter((x) => x.lang === 'php')) {
      const file = path.join(dir, `s${s.i}.php`);
      fs.writeFileSync(file, s.code);
      execFileSync('php', ['-l', file], { stdio: 'pipe' });
    }
  });

  it.skipIf(!has('gofmt'))('Go samples pass gofmt -e', () => {
    for (const s of all.filter((x) => x.lang === 'go')) {
      const file = path.join(dir, `s${s.i}.go`);
      fs.writeFileSync(file, s.code);
      execFileSync('gofmt', ['-e', file], { stdio: 'pipe' });
    }
  });
});

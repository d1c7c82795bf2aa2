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
    envVar: 'EPIC_API_KEY',
  },
  { method: 'GET', url: 'https://payments.test.epic.example/v1/transactions?limit=25', idempotent: false, envVar: 'EPIC_API_KEY' },
  { method: 'PATCH', url: 'https://payments.test.epic.example/v1/subscriptions/sub_1', body: { interval: 'MONTHLY' }, idempotent: false, envVar: 'EPIC_API_KEY' },
];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-samples-'));
const all = requests.flatMap((r, i) => codeSamples(r, ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']).map((s) => ({ ...s, i, request: r })));

describe('generated code samples', () => {
  it('exist in every language, with the bearer header and, on POST, an idempotency key', () => {
    for (const sample of all) {
      expect(sample.code).toMatch(/Bearer/);
      if (sample.request.method === 'POST') expect(sample.code).toMatch(/Idempotency-Key/);
      else expect(sample.code).not.toMatch(/Idempotency-Key/);
    }
    expect(all.filter((s) => s.i === 0).map((s) => s.lang)).toEqual(['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go']);
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

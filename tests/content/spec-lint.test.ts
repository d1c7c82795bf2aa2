import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The two outside OpenAPI linters an integrator (or their API gateway) is likely to run on
 * specs/payments.yaml: Redocly CLI with its `recommended` rules (redocly.yaml) and Spectral with
 * `spectral:oas` (.spectral.yaml). Both run offline from node_modules; the spec must give neither a
 * single error or warning.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SPEC = path.join(ROOT, 'specs/payments.yaml');
const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-spec-lint-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Problem { rule: string; severity: string; where: string; message: string }

async function redocly(spec: string): Promise<Problem[]> {
  // Exit code 1 means "errors found"; the JSON report is what we read either way.
  const out = await run(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format=json', spec], {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(out.stdout) as { problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
  return report.problems.map((p) => ({ rule: p.ruleId, severity: p.severity, where: p.location[0]?.pointer ?? '', message: p.message }));
}

async function spectral(spec: string): Promise<Problem[]> {
  const file = path.join(tmp, `spectral-${path.basename(path.dirname(spec))}-${Date.now()}.json`);
  await run(path.join(ROOT, 'node_modules/.bin/spectral'), ['lint', '--ruleset', path.join(ROOT, '.spectral.yaml'), '--format', 'json', '--output', file, '--fail-severity', 'hint', spec], { cwd: ROOT }).catch(
    () => undefined,
  );
  const results = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ code: string; severity: number; message: string; path: string[] }>;
  return results.map((r) => ({ rule: r.code, severity: ['error', 'warn', 'info', 'hint'][r.severity] ?? String(r.severity), where: r.path.join('.'), message: r.message }));
}

describe('specs/payments.yaml under the outside linters', () => {
  it('has no error and no warning from Redocly CLI (recommended) or Spectral (spectral:oas)', async () => {
    const [fromRedocly, fromSpectral] = await Promise.all([redocly(SPEC), spectral(SPEC)]);
    expect(fromRedocly).toEqual([]);
    expect(fromSpectral).toEqual([]);
  }, 60_000);

  it('would report a known problem: Redocly sees a <script> tag in a description and a missing info.license, Spectral the tag', async () => {
    const dir = path.join(tmp, 'broken');
    fs.mkdirSync(dir);
    const broken = fs
      .readFileSync(SPEC, 'utf8')
      .replace(/^  license:\n    name: .*\n    url: .*\n/m, '')
      .replace('Load it with an HTML script element', 'Load it with a <script> element');
    const file = path.join(dir, 'payments.yaml');
    fs.writeFileSync(file, broken);
    const [fromRedocly, fromSpectral] = await Promise.all([redocly(file), spectral(file)]);
    expect(fromRedocly.map((p) => p.rule).sort()).toEqual(['info-license', 'no-unsafe-markdown']);
    expect(fromSpectral.map((p) => p.rule)).toEqual(['no-script-tags-in-markdown']);
  }, 60_000);
});

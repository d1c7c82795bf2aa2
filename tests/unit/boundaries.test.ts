import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The per-side tsconfigs catch globals (`document` in node/, `process` in client/), but not an
// import of the wrong side's module: these checks read the import specifiers themselves.
const repo = path.resolve(import.meta.dirname, '../..');
const engine = path.join(repo, 'packages/engine/src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Every import of `dir`'s files that resolves into `forbidden` (absolute folder), as `file → specifier`. */
function importsInto(dir: string, forbidden: string): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(forbidden + path.sep))
      .map((spec) => `${path.relative(repo, file)} → ${spec}`),
  );
}

describe('module boundaries', () => {
  it('templates read engine types from shared/ only, never from node/ or client/', () => {
    const templates = path.join(repo, 'templates');
    expect([...importsInto(templates, path.join(engine, 'node')), ...importsInto(templates, path.join(engine, 'client'))]).toEqual([]);
  });

  it('shared/ imports neither node/, client/, node:* nor a React DOM renderer', () => {
    const shared = path.join(engine, 'shared');
    const bad = sourceFiles(shared).flatMap((file) => importsOf(file).filter((spec) => /^node:|^react-dom\/(server|client)$/.test(spec)));
    expect([...bad, ...importsInto(shared, path.join(engine, 'node')), ...importsInto(shared, path.join(engine, 'client'))]).toEqual([]);
  });

  it('client/ never imports node/', () => {
    expect(importsInto(path.join(engine, 'client'), path.join(engine, 'node'))).toEqual([]);
  });
});

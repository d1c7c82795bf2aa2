import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSite, copyFixture, readOut } from '../helpers/fixtures';
import { SearchService, type StoredRecord } from '../helpers/search-service';

/*
 * `docsgen search push` through the real CLI process and the real client (its own HTTP
 * requester), against a stand-in of the service's REST API on 127.0.0.1.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const APP_ID = 'FIXTUREAPP';
const ADMIN_KEY = 'admin-key-0123456789abcdef-must-not-leak';
const service = new SearchService(APP_ID, ADMIN_KEY);
let host = '';
let root = '';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs bin/docsgen without blocking this process, which serves the stand-in. */
function docsgen(args: string[], env: Record<string, string | undefined> = {}, nodeArgs: string[] = []): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOCSGEN_')));
  const child = spawn(process.execPath, [...nodeArgs, path.join(repo, 'bin/docsgen'), ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const credentials = { DOCSGEN_SEARCH_APP_ID: APP_ID, DOCSGEN_SEARCH_ADMIN_KEY: ADMIN_KEY };

/** `search push` on the fixture site against the stand-in; every run is checked for the admin key. */
async function push(...args: string[]): Promise<Run> {
  const run = await docsgen(['search', 'push', '--root', root, '--host', host, ...args], credentials);
  expect(run.stdout + run.stderr).not.toContain(ADMIN_KEY);
  return run;
}

const built = (): StoredRecord[] => JSON.parse(readOut(root, 'search-records.json')) as StoredRecord[];
/** A stored record without its hash, to compare with what the build wrote. */
const unhashed = ({ _hash: _h, ...record }: StoredRecord) => record;
const live = () => [...(service.indexes.get('docs')?.records.values() ?? [])];
const savedIds = () => service.writes().filter((r) => r.path.endsWith('/batch')).flatMap((r) => (r.body as { requests: Array<{ action: string; body: StoredRecord }> }).requests.map((q) => `${q.action} ${q.body.objectID}`));

beforeAll(async () => {
  host = await service.listen();
  root = copyFixture('basic');
  expect((await buildSite(root)).ok).toBe(true);
});

afterAll(() => service.close());

beforeEach(() => {
  service.received.length = 0;
});

describe('docsgen search push', () => {
  it('refuses without credentials in the environment: one diagnostic, exit 1, nothing sent', async () => {
    const run = await docsgen(['search', 'push', '--root', root, '--host', host], { DOCSGEN_SEARCH_APP_ID: APP_ID });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SearchCredentialsMissing  DOCSGEN_SEARCH_ADMIN_KEY is not set');
    expect(run.stderr.match(/error {2}\w+/g)).toHaveLength(1);
    expect(service.received).toEqual([]);
  });

  it('says there is no build when the output folder has no records', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-no-build-'));
    const run = await push('--out', empty);
    fs.rmSync(empty, { recursive: true, force: true });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SearchNoRecords');
    expect(run.stderr).toContain('run `docsgen build` first');
    expect(service.received).toEqual([]);
  });

  it('a dry run prints the target and counts and sends no write', async () => {
    const run = await push('--dry-run');
    expect(run.code).toBe(0);
    const count = built().length;
    expect(run.stdout).toContain(`${count} records from`);
    expect(run.stdout).toContain('→ index "docs" (full)');
    expect(run.stdout).toContain(`${count} added, 0 updated, 0 deleted, 0 unchanged`);
    expect(service.received.length).toBeGreaterThan(0);
    expect(service.writes()).toEqual([]);
    expect(service.indexes.size).toBe(0);
  });

  it('a full push ends with the live index holding exactly the records, through a temporary index that is gone', async () => {
    const run = await push();
    expect(run.code, run.stderr).toBe(0);
    expect(live().map(unhashed)).toEqual(built());
    expect(live().every((r) => typeof r._hash === 'string')).toBe(true);
    expect([...service.indexes.keys()]).toEqual(['docs']);
    // A new index gets the facets the search UI filters on.
    expect(service.indexes.get('docs')!.settings.attributesForFaceting).toEqual(['language', 'version']);
    const ops = service.writes().map((r) => `${r.method} ${r.path.replace(/_tmp_\d+/, '_tmp_T')}`);
    expect(ops).toEqual(['PUT /1/indexes/docs_tmp_T/settings', 'POST /1/indexes/docs_tmp_T/batch', 'POST /1/indexes/docs_tmp_T/operation']);
    expect(service.received.some((r) => r.path.includes('/task/'))).toBe(true);
  });

  it('a full push over an existing index copies its settings to the temporary index first, then moves it over', async () => {
    service.indexes.get('docs')!.settings.customRanking = ['desc(weight)'];
    service.indexes.get('docs')!.records.set('stale', { objectID: 'stale', content: 'from an older build' });
    const run = await push();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 deleted');
    expect(service.indexes.get('docs')!.settings.customRanking).toEqual(['desc(weight)']);
    expect(live().map(unhashed)).toEqual(built());
    expect([...service.indexes.keys()]).toEqual(['docs']);
    const ops = service.writes().map((r) => [r.path.replace(/_tmp_\d+/, '_tmp_T'), (r.body as { operation?: string } | undefined)?.operation ?? '']);
    expect(ops).toEqual([['/1/indexes/docs/operation', 'copy'], ['/1/indexes/docs_tmp_T/batch', ''], ['/1/indexes/docs_tmp_T/operation', 'move']]);
  });

  it('a full push deletes temporary indexes an interrupted push left over an hour ago, and leaves a running push\'s alone', async () => {
    const old = `docs_tmp_${Date.now() - 2 * 60 * 60 * 1000}`;
    const running = `docs_tmp_${Date.now() - 60 * 1000}`;
    for (const name of [old, running, 'other_tmp_1', 'docs_tmp_notatime']) service.indexes.set(name, { records: new Map(), settings: {} });
    const run = await push();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Deleted 1 temporary index an interrupted push left behind: "${old}"`);
    expect([...service.indexes.keys()].sort()).toEqual(['docs', 'docs_tmp_notatime', 'other_tmp_1', running].sort());
    for (const name of [running, 'other_tmp_1', 'docs_tmp_notatime']) service.indexes.delete(name);
  });

  it('an incremental push after one page edit sends only that page\'s changed records and deletes removed ones', async () => {
    const before = new Map(built().map((r) => [r.objectID, JSON.stringify(r)]));
    const page = path.join(root, 'content/guide/setup.mdx');
    fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('### Configure', '### Set options').replace('description: Install and configure.', 'description: Install it and set it up.'));
    expect((await buildSite(root)).ok).toBe(true);
    const after = built();
    const changed = after.filter((r) => before.get(r.objectID) !== JSON.stringify(r)).map((r) => `addObject ${r.objectID}`);
    const removed = [...before.keys()].filter((id) => !after.some((r) => r.objectID === id)).map((id) => `deleteObject ${id}`);
    // The edited page's own records, and no other page's.
    expect(changed.sort()).toEqual(['addObject /guide/setup#page', 'addObject /guide/setup#set-options']);
    expect(removed).toEqual(['deleteObject /guide/setup#configure']);

    const dry = await push('--incremental', '--dry-run');
    expect(dry.stdout).toContain(`1 added, 1 updated, 1 deleted, ${after.length - 2} unchanged`);
    expect(service.writes()).toEqual([]);

    const run = await push('--incremental');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('(incremental)');
    expect(savedIds().sort()).toEqual([...changed, ...removed].sort());
    expect(service.writes().every((r) => r.path === '/1/indexes/docs/batch')).toBe(true);
    expect(live().map(unhashed).sort((a, b) => a.objectID.localeCompare(b.objectID))).toEqual([...after].sort((a, b) => a.objectID.localeCompare(b.objectID)));

    service.received.length = 0;
    const again = await push('--incremental');
    expect(again.stdout).toContain(`0 added, 0 updated, 0 deleted, ${after.length} unchanged`);
    expect(service.writes()).toEqual([]);
  });
});

describe('docsgen search push refuses a write key in the config', () => {
  /** A copy of the fixture whose config publishes `apiKey`; it reads the records the main copy built. */
  const siteWithKey = (apiKey: string) => {
    const site = copyFixture('basic');
    const config = path.join(site, 'docs-build.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("title: 'fixture docs',", `title: 'fixture docs',\n  search: { appId: '${APP_ID}', apiKey: '${apiKey}' },`));
    return site;
  };
  const pushSite = (site: string) => docsgen(['search', 'push', '--root', site, '--out', path.join(root, 'build'), '--host', host], credentials);

  it('when it is the admin key: refused before anything is sent', async () => {
    const run = await pushSite(siteWithKey(ADMIN_KEY));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SearchWriteKeyInConfig  search.apiKey in the config is the admin key');
    expect(run.stdout + run.stderr).not.toContain(ADMIN_KEY);
    expect(service.received).toEqual([]);
  });

  it('when the service says it can write: refused after asking about the key, no write', async () => {
    service.keys.set('public-but-writes', ['search', 'addObject']);
    service.keys.set('search-only', ['search']);
    const refused = await pushSite(siteWithKey('public-but-writes'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('SearchWriteKeyInConfig  search.apiKey in the config can change the index (addObject)');
    expect(service.received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /1/keys/public-but-writes']);
    const accepted = await pushSite(siteWithKey('search-only'));
    expect(accepted.code, accepted.stderr).toBe(0);
  });
});

describe('docsgen search push reads only the records a docsgen build published', () => {
  /** A folder outside the site holding records that look like a build's. */
  const outside = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-'));
    fs.writeFileSync(path.join(dir, 'search-records.json'), readOut(root, 'search-records.json'));
    return dir;
  };

  it('refuses an output path that is a link docsgen did not make, or a folder: nothing read from there, nothing sent', async () => {
    const elsewhere = outside();
    const linked = copyFixture('basic');
    fs.symlinkSync(elsewhere, path.join(linked, 'build'));
    const run = await docsgen(['search', 'push', '--root', linked, '--host', host, '--dry-run'], credentials);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/SearchNoRecords {2}\S*build is not an output docsgen built \(a symbolic link docsgen did not make\)/);
    expect(service.received).toEqual([]);

    const folder = copyFixture('basic');
    fs.cpSync(elsewhere, path.join(folder, 'build'), { recursive: true });
    const plain = await docsgen(['search', 'push', '--root', folder, '--host', host, '--dry-run'], credentials);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/SearchNoRecords {2}\S*build is not an output docsgen built \(not docsgen's link to its folder of versions\)/);
    expect(service.received).toEqual([]);

    // A folder the caller names with --out is read as it is (a build's output downloaded by a later CI job).
    const named = await docsgen(['search', 'push', '--root', linked, '--out', elsewhere, '--host', host, '--dry-run'], credentials);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain(`${built().length} records from`);
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });

  it('does not follow a link in place of the records file', async () => {
    const elsewhere = outside();
    const site = copyFixture('basic');
    expect((await buildSite(site)).ok).toBe(true);
    const records = path.join(fs.realpathSync(path.join(site, 'build')), 'search-records.json');
    fs.rmSync(records);
    fs.symlinkSync(path.join(elsewhere, 'search-records.json'), records);
    const run = await docsgen(['search', 'push', '--root', site, '--host', host, '--dry-run'], credentials);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SearchNoRecords  search-records.json is a symbolic link, which docsgen does not follow');
    expect(service.received).toEqual([]);
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });
});

describe('docsgen search push failures', () => {
  it('a refused request is one SearchPushFailed with the service\'s answer, and the admin key is not printed', async () => {
    const run = await docsgen(['search', 'push', '--root', root, '--host', host], { DOCSGEN_SEARCH_APP_ID: 'WRONGAPP', DOCSGEN_SEARCH_ADMIN_KEY: ADMIN_KEY });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SearchPushFailed  the service answered 403: Invalid Application-ID or API key');
    expect(run.stdout + run.stderr).not.toContain(ADMIN_KEY);
    expect(service.writes()).toEqual([]);
  });

  it('an invalid --host is SearchHostInvalid, nothing sent', async () => {
    const run = await docsgen(['search', 'push', '--root', root, '--host', 'http://127.0.0.1:1/some/path'], credentials);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SearchHostInvalid');
  });
});

describe('the hosted client is loaded by search push only', () => {
  it('docsgen build never imports algoliasearch; search push does', async () => {
    const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-trace-')), 'imports.txt');
    fs.writeFileSync(trace, '');
    const env = { DOCSGEN_TRACE_IMPORTS_FILE: trace, DOCSGEN_TRACE_IMPORTS_MATCH: '/node_modules/(algoliasearch|@algolia)/' };
    const hook = ['--import', path.join(repo, 'tests/helpers/trace-imports.mjs')];
    const build = await docsgen(['build', '--root', root, '--no-cache'], env, hook);
    expect(build.code, build.stderr).toBe(0);
    expect(fs.readFileSync(trace, 'utf8')).toBe('');
    // The same hook sees the client when the command that needs it runs: the check above can fail.
    const run = await docsgen(['search', 'push', '--root', root, '--host', host, '--dry-run'], { ...env, ...credentials }, hook);
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readFileSync(trace, 'utf8')).toContain('/node_modules/algoliasearch/');
    fs.rmSync(path.dirname(trace), { recursive: true, force: true });
  });
});

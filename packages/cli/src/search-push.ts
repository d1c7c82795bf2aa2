import fs from 'node:fs';
import path from 'node:path';
import {
  DiagnosticError,
  diagnostic,
  loadConfig,
  newIndexSettings,
  openHostedIndex,
  parseHosts,
  parseRecords,
  planPush,
  publishedVersion,
  readTextNoFollow,
  withHash,
  type Diagnostic,
  type ExportedRecord,
  type HostedIndex,
  type PushHost,
  type PushPlan,
  type ResolvedConfig,
} from '@docsgen/engine';
import { printDiagnostics } from './report';
import { rejectBadRoot } from './site-root';

export interface SearchPushOptions {
  root: string;
  out?: string;
  index?: string;
  host?: string;
  incremental: boolean;
  dryRun: boolean;
}

/** ACL entries that let a key change an index: such a key must never be the public one in the config. */
const WRITE_ACL = ['addObject', 'deleteObject', 'deleteIndex', 'editSettings'];

interface Credentials {
  appId: string;
  adminKey: string;
}

/** What the push works on, once everything it needs has been read and checked. */
interface PushJob {
  config: ResolvedConfig;
  credentials: Credentials;
  hosts: PushHost[] | undefined;
  indexName: string;
  recordsFile: string;
  records: ExportedRecord[];
}

class Refusal extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
  }
}

/**
 * `docsgen search push`: pushes the built `search-records.json` to the hosted index. Credentials
 * come from the environment only, so they live in CI secrets, never in the repository.
 */
export async function runSearchPush(opts: SearchPushOptions, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const root = path.resolve(opts.root);
  const bad = rejectBadRoot(root, 'search push');
  if (bad !== null) return bad;
  let adminKey = '';
  try {
    const job = await prepare(root, opts, env);
    adminKey = job.credentials.adminKey;
    const index = await openHostedIndex({ ...job.credentials, hosts: job.hosts });
    await rejectWriteKeyInConfig(index, job);
    await push(index, job, opts);
    return 0;
  } catch (error) {
    const refused = error instanceof Refusal || error instanceof DiagnosticError;
    const list = failureDiagnostics(error, root, adminKey);
    printDiagnostics(list);
    process.stdout.write(`docsgen search push: ${list.length} error${list.length === 1 ? '' : 's'}, ${refused ? 'nothing was pushed' : 'the push stopped'}\n`);
    return 1;
  }
}

/** Reads and checks everything a push needs before the client is loaded: nothing is sent on a refusal. */
async function prepare(root: string, opts: SearchPushOptions, env: NodeJS.ProcessEnv): Promise<PushJob> {
  const config = await loadConfig(root);
  const where = config.configFile ?? root;
  const credentials = credentialsFrom(env, where);
  if (config.search.apiKey && config.search.apiKey === credentials.adminKey) {
    throw new Refusal([diagnostic('SearchWriteKeyInConfig', 'search.apiKey in the config is the admin key: every page publishes that key', { file: where }, { hint: 'put a search-only key in search.apiKey, and rotate the admin key: it has been committed' })]);
  }
  const hostValue = opts.host ?? env.DOCSGEN_SEARCH_HOST;
  const hosts = hostValue ? parseHosts(hostValue) : undefined;
  if (hosts === null) throw new Refusal([diagnostic('SearchHostInvalid', `${JSON.stringify(hostValue)} is not a host`, { file: where }, { hint: 'e.g. --host http://127.0.0.1:8108 or --host my-proxy.example.com' })]);
  const out = opts.out ? path.resolve(opts.out) : config.outPath;
  const recordsFile = path.join(out, 'search-records.json');
  const folder = opts.out ? out : builtOutput(out, recordsFile);
  return { config, credentials, hosts, indexName: opts.index ?? config.search.indexName, recordsFile, records: readRecords(path.join(folder, 'search-records.json'), recordsFile) };
}

/**
 * The folder the config's output path publishes, when a docsgen build made it: the config and
 * the folder come with the sources, and a link there (`build` → anywhere) would have the push read
 * records from outside the site. A folder given with --out is the caller's choice, read as it is.
 */
function builtOutput(out: string, recordsFile: string): string {
  const version = publishedVersion(out);
  if (version) return version;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(out);
  } catch {
    return out; // no build yet: said below, as for a folder without records
  }
  const what = stat.isSymbolicLink() ? 'a symbolic link docsgen did not make' : "not docsgen's link to its folder of versions";
  throw new Refusal([diagnostic('SearchNoRecords', `${path.relative(process.cwd(), out) || out} is not an output docsgen built (${what})`, { file: recordsFile }, { hint: 'run `docsgen build`, which replaces it, or pass --out the folder it built' })]);
}

function credentialsFrom(env: NodeJS.ProcessEnv, file: string): Credentials {
  const appId = env.DOCSGEN_SEARCH_APP_ID?.trim() ?? '';
  const adminKey = env.DOCSGEN_SEARCH_ADMIN_KEY?.trim() ?? '';
  const missing = [!appId && 'DOCSGEN_SEARCH_APP_ID', !adminKey && 'DOCSGEN_SEARCH_ADMIN_KEY'].filter((v): v is string => Boolean(v));
  if (!missing.length) return { appId, adminKey };
  throw new Refusal([
    diagnostic('SearchCredentialsMissing', `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set`, { file }, { hint: 'set them from your CI secrets; the admin key is never read from the config, which every page publishes' }),
  ]);
}

/** The records the last build wrote, read from `from` (`file` as the output path names it), not through a link. */
function readRecords(from: string, file: string): ExportedRecord[] {
  let text: string;
  try {
    text = readTextNoFollow(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Refusal([diagnostic('SearchNoRecords', `${path.basename(file)} is a symbolic link, which docsgen does not follow`, { file }, { hint: 'rebuild the site with `docsgen build`' })]);
    throw new Refusal([diagnostic('SearchNoRecords', `there is no ${path.basename(file)} in ${path.relative(process.cwd(), path.dirname(file)) || '.'}`, { file }, { hint: 'run `docsgen build` first (or pass --out the folder it built)' })]);
  }
  try {
    return parseRecords(text);
  } catch (error) {
    throw new Refusal([diagnostic('SearchNoRecords', `${path.basename(file)} cannot be pushed: ${(error as Error).message}`, { file }, { hint: 'rebuild the site with `docsgen build`' })]);
  }
}

/** The config's key is published on every page: refuse when the service says it can write. */
async function rejectWriteKeyInConfig(index: HostedIndex, job: PushJob): Promise<void> {
  const key = job.config.search.apiKey;
  if (!key) return;
  const acl = await index.keyAcl(key);
  const writes = (acl ?? []).filter((a) => WRITE_ACL.includes(a));
  if (!writes.length) return;
  throw new Refusal([
    diagnostic('SearchWriteKeyInConfig', `search.apiKey in the config can change the index (${writes.join(', ')}): every page publishes that key`, { file: job.config.configFile ?? job.config.root }, { hint: 'use a key with the search ACL only, and revoke this one' }),
  ]);
}

function counts(plan: PushPlan): string {
  return `${plan.added.length} added, ${plan.updated.length} updated, ${plan.deleted.length} deleted, ${plan.unchanged} unchanged`;
}

async function push(index: HostedIndex, job: PushJob, opts: SearchPushOptions): Promise<void> {
  const from = path.relative(process.cwd(), job.recordsFile) || job.recordsFile;
  const exists = await index.exists(job.indexName);
  // A missing index has nothing to diff against: an incremental push then does a full one, which
  // also gives the new index its settings.
  const full = !opts.incremental || !exists;
  const plan = planPush(job.records, exists ? await index.hashes(job.indexName) : new Map());
  const mode = full ? (opts.incremental ? 'full (the index does not exist yet)' : 'full') : 'incremental';
  process.stdout.write(`docsgen search push: ${job.records.length} records from ${from} → index "${job.indexName}" (${mode})\n`);
  if (opts.dryRun) {
    process.stdout.write(`Dry run, nothing was sent. The push would change: ${counts(plan)}.\n`);
    if (full) process.stdout.write(`A full push writes all ${job.records.length} records to a temporary index "${job.indexName}_tmp_<time>" and moves it over "${job.indexName}"${exists ? ', after copying its settings' : ''}.\n`);
    return;
  }
  if (full) {
    const { tmp, removed } = await index.replace(job.indexName, job.records.map(withHash), newIndexSettings(job.config.search.facets));
    if (removed.length) process.stdout.write(`Deleted ${removed.length} temporary index${removed.length === 1 ? '' : 'es'} an interrupted push left behind: ${removed.map((n) => `"${n}"`).join(', ')}.\n`);
    process.stdout.write(`Pushed ${job.records.length} records to "${job.indexName}" through "${tmp}", moved over it in one step: ${counts(plan)}.\n`);
  } else {
    await index.apply(job.indexName, plan);
    process.stdout.write(`Pushed the changes to "${job.indexName}": ${counts(plan)}.\n`);
  }
}

/**
 * The diagnostics of a failed push. The service's own message is kept (it says which request
 * and why), with the admin key cut out wherever it might appear.
 */
function failureDiagnostics(error: unknown, root: string, adminKey: string): Diagnostic[] {
  if (error instanceof Refusal || error instanceof DiagnosticError) return error.diagnostics;
  // Real admin keys are 32 characters; a short test value would cut up ordinary words.
  const redact = (text: string) => (adminKey.length >= 8 ? text.split(adminKey).join('[admin key]') : text);
  const status = (error as { status?: unknown }).status;
  const message = redact(error instanceof Error ? error.message : String(error));
  return [
    diagnostic('SearchPushFailed', `${typeof status === 'number' ? `the service answered ${status}: ` : ''}${message}`, { file: root }, { hint: 'check DOCSGEN_SEARCH_APP_ID, the admin key\'s ACL and the host. A full push changes the live index only in its last step (the move); an incremental one may have applied some batches: run it again' }),
  ];
}

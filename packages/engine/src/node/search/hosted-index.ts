// Only type imports from the client at the top: they are erased, so a build, serve or check never
// loads it. `openHostedIndex` imports it when a push runs.
import type { SearchClient } from 'algoliasearch';
import type { HostedRecord, PushHost, PushPlan } from './push-plan';

export interface HostedIndexOptions {
  appId: string;
  /** The admin (write) key: sent as a request header by the client, never printed. */
  adminKey: string;
  /** Hosts to use instead of the service's own (a proxy, or a local stand-in in tests). */
  hosts?: PushHost[];
}

/** The write operations a push needs, over the service's official client. */
export interface HostedIndex {
  exists(indexName: string): Promise<boolean>;
  /** objectID → `_hash` of every record in the index (undefined for records pushed without one). */
  hashes(indexName: string): Promise<Map<string, string | undefined>>;
  /** The ACL of a key known to the application, or null when the service does not know it. */
  keyAcl(key: string): Promise<string[] | null>;
  replace(indexName: string, records: HostedRecord[], newIndexSettings: Record<string, unknown>): Promise<{ tmp: string; removed: string[] }>;
  apply(indexName: string, plan: PushPlan): Promise<void>;
}

/** Loads the client (only now: it is needed by this command alone) and wraps it. */
export async function openHostedIndex(options: HostedIndexOptions): Promise<HostedIndex> {
  // The package's `algoliasearch()` is its search client plus helpers (its `searchClient` export
  // exists only in its types: the ES module build does not re-export it).
  const { algoliasearch } = await import('algoliasearch');
  const client: SearchClient = algoliasearch(options.appId, options.adminKey, options.hosts ? { hosts: options.hosts } : undefined);
  return {
    exists: (indexName) => client.indexExists({ indexName }),
    hashes: (indexName) => hashes(client, indexName),
    keyAcl: (key) => keyAcl(client, key),
    replace: (indexName, records, settings) => replace(client, indexName, records, settings),
    apply: (indexName, plan) => apply(client, indexName, plan),
  };
}

async function hashes(client: SearchClient, indexName: string): Promise<Map<string, string | undefined>> {
  const found = new Map<string, string | undefined>();
  await client.browseObjects<{ _hash?: string }>({
    indexName,
    browseParams: { attributesToRetrieve: ['_hash'], hitsPerPage: 1000 },
    aggregator: (page) => {
      for (const hit of page.hits) found.set(hit.objectID, typeof hit._hash === 'string' ? hit._hash : undefined);
    },
  });
  return found;
}

async function keyAcl(client: SearchClient, key: string): Promise<string[] | null> {
  try {
    return (await client.getApiKey({ key })).acl;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

/**
 * A full push: every record goes into a new temporary index, which then replaces the live one in
 * a single move. Readers see the old index or the new one, never a half-written one. The live
 * index's settings (and rules and synonyms) are copied first, so a push keeps what was configured
 * on the service; a new index gets `newIndexSettings`. The temporary index is deleted on failure.
 */
async function replace(client: SearchClient, indexName: string, records: HostedRecord[], newIndexSettings: Record<string, unknown>): Promise<{ tmp: string; removed: string[] }> {
  const removed = await removeAbandoned(client, indexName);
  const tmp = `${indexName}_tmp_${Date.now()}`;
  try {
    if (await client.indexExists({ indexName })) {
      const copy = await client.operationIndex({ indexName, operationIndexParams: { operation: 'copy', destination: tmp, scope: ['settings', 'rules', 'synonyms'] } });
      await client.waitForTask({ indexName: tmp, taskID: copy.taskID });
    } else {
      const set = await client.setSettings({ indexName: tmp, indexSettings: newIndexSettings });
      await client.waitForTask({ indexName: tmp, taskID: set.taskID });
    }
    await client.saveObjects({ indexName: tmp, objects: records, waitForTasks: true });
    const move = await client.operationIndex({ indexName: tmp, operationIndexParams: { operation: 'move', destination: indexName } });
    await client.waitForTask({ indexName: tmp, taskID: move.taskID });
    return { tmp, removed };
  } catch (error) {
    // Best effort: the error that stopped the push is the one to report.
    await client.deleteIndex({ indexName: tmp }).catch(() => undefined);
    throw error;
  }
}

/** A temporary index younger than this may belong to a push still running elsewhere (another CI job). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Temporary indexes of this index that a killed push left behind (the process died before its own
 * cleanup ran): named `<index>_tmp_<time>` with a time over an hour ago. Deleted before a full push
 * makes its own, so they never pile up in the application (each counts against its index quota).
 */
async function removeAbandoned(client: SearchClient, indexName: string, now = Date.now()): Promise<string[]> {
  const escaped = indexName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}_tmp_(\\d+)$`);
  const removed: string[] = [];
  for (let page = 0, pages = 1; page < pages; page++) {
    const list = await client.listIndices({ page, hitsPerPage: 1000 });
    pages = list.nbPages ?? 1;
    for (const { name } of list.items) {
      const started = Number(pattern.exec(name)?.[1]);
      if (started && now - started > ABANDONED_AFTER_MS) removed.push(name);
    }
  }
  for (const name of removed) await client.deleteIndex({ indexName: name });
  return removed;
}

/**
 * An incremental push: new and changed records are saved, records no longer built are deleted.
 * Not atomic (a search between the two batches sees both), which is why CI also runs a full push.
 */
async function apply(client: SearchClient, indexName: string, plan: PushPlan): Promise<void> {
  const objects = [...plan.added, ...plan.updated];
  if (objects.length) await client.saveObjects({ indexName, objects, waitForTasks: true });
  if (plan.deleted.length) await client.deleteObjects({ indexName, objectIDs: plan.deleted, waitForTasks: true });
}

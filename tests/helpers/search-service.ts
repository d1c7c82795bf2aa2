import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/*
 * A stand-in for the hosted search service's REST API (Algolia-compatible), on 127.0.0.1, with
 * just the endpoints `docsgen search push` makes the official client call. It keeps indexes in
 * memory, applies writes at once, and answers every task as `notPublished` on its first poll, so
 * the client's waiting is exercised too.
 */

export type StoredRecord = { objectID: string } & Record<string, unknown>;

export interface StoredIndex {
  records: Map<string, StoredRecord>;
  settings: Record<string, unknown>;
}

export interface Received {
  method: string;
  path: string;
  body: unknown;
}

type Reply = [status: number, body: unknown];

const notFound = (message: string): Reply => [404, { message, status: 404 }];

export class SearchService {
  readonly indexes = new Map<string, StoredIndex>();
  readonly received: Received[] = [];
  /** API keys other than the admin key, with their ACL (for `GET /1/keys/{key}`). */
  readonly keys = new Map<string, string[]>();
  /** Records per browse page: small, so the client's cursor paging is exercised. */
  browsePage = 3;
  private readonly tasks = new Map<number, number>();
  private nextTask = 1;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  constructor(readonly appId: string, readonly adminKey: string) {}

  listen(): Promise<string> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(this.server.address() as AddressInfo).port}`)));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Requests that change something (everything but reads: GETs and browses). */
  writes(): Received[] {
    return this.received.filter((r) => r.method !== 'GET' && !r.path.endsWith('/browse'));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let raw = Buffer.concat(chunks);
    if (req.headers['content-encoding'] === 'gzip') raw = zlib.gunzipSync(raw);
    const body: unknown = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const request = { method: req.method ?? 'GET', path: decodeURIComponent(url.pathname), body };
    this.received.push(request);
    const authorized = req.headers['x-algolia-application-id'] === this.appId && req.headers['x-algolia-api-key'] === this.adminKey;
    const [status, answer] = authorized ? this.route(request) : [403, { message: 'Invalid Application-ID or API key', status: 403 }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  private route({ method, path, body }: Received): Reply {
    const key = /^\/1\/keys\/([^/]+)$/.exec(path);
    if (key && method === 'GET') return this.keys.has(key[1]!) ? [200, { value: key[1], acl: this.keys.get(key[1]!), description: '', indexes: [], validity: 0 }] : notFound('Key does not exist');
    if (path === '/1/indexes' && method === 'GET') return this.list();
    const m = /^\/1\/indexes\/([^/]+)(?:\/(settings|batch|browse|operation|task)(?:\/(\d+))?)?$/.exec(path);
    if (!m) return notFound(`the stand-in does not implement ${method} ${path}`);
    const [, name, action, id] = m as unknown as [string, string, string | undefined, string | undefined];
    const route = `${method} ${action ?? ''}`;
    if (route === 'GET settings') return this.indexes.has(name) ? [200, this.indexes.get(name)!.settings] : notFound('Index does not exist');
    if (route === 'PUT settings') return this.setSettings(name, body as Record<string, unknown>);
    if (route === 'POST batch') return this.batch(name, body as { requests: Array<{ action: string; body: StoredRecord }> });
    if (route === 'POST browse') return this.browse(name, body as { attributesToRetrieve?: string[]; cursor?: string });
    if (route === 'POST operation') return this.operation(name, body as { operation: string; destination: string; scope?: string[] });
    if (route === 'GET task') return this.taskStatus(Number(id));
    if (route === 'DELETE ') return this.indexes.delete(name) ? this.task({ deletedAt: new Date().toISOString() }) : notFound('Index does not exist');
    return notFound(`the stand-in does not implement ${method} ${path}`);
  }

  /** `GET /1/indexes`: every index, on one page. */
  private list(): Reply {
    const now = new Date().toISOString();
    const items = [...this.indexes].map(([name, index]) => ({ name, createdAt: now, updatedAt: now, entries: index.records.size, dataSize: 0, fileSize: 0, lastBuildTimeS: 0, numberOfPendingTasks: 0, pendingTask: false }));
    return [200, { items, nbPages: 1 }];
  }

  private task(extra: Record<string, unknown> = {}): Reply {
    const taskID = this.nextTask++;
    this.tasks.set(taskID, 0);
    return [200, { taskID, updatedAt: new Date().toISOString(), ...extra }];
  }

  private taskStatus(taskID: number): Reply {
    const polls = this.tasks.get(taskID);
    if (polls === undefined) return notFound('Task does not exist');
    this.tasks.set(taskID, polls + 1);
    return [200, { status: polls === 0 ? 'notPublished' : 'published' }];
  }

  private index(name: string): StoredIndex {
    let index = this.indexes.get(name);
    if (!index) this.indexes.set(name, (index = { records: new Map(), settings: {} }));
    return index;
  }

  private setSettings(name: string, settings: Record<string, unknown>): Reply {
    Object.assign(this.index(name).settings, settings);
    return this.task();
  }

  private batch(name: string, body: { requests: Array<{ action: string; body: StoredRecord }> }): Reply {
    const index = this.index(name);
    for (const { action, body: record } of body.requests) {
      if (action === 'addObject' || action === 'updateObject') index.records.set(record.objectID, record);
      else if (action === 'deleteObject') index.records.delete(record.objectID);
      else return [400, { message: `the stand-in does not implement the batch action ${action}`, status: 400 }];
    }
    return this.task({ objectIDs: body.requests.map((r) => r.body.objectID) });
  }

  private browse(name: string, body: { attributesToRetrieve?: string[]; cursor?: string }): Reply {
    const index = this.indexes.get(name);
    if (!index) return notFound('Index does not exist');
    const all = [...index.records.values()];
    const start = body.cursor ? Number(body.cursor) : 0;
    const pick = (r: StoredRecord) => (body.attributesToRetrieve ? Object.fromEntries(Object.entries(r).filter(([k]) => k === 'objectID' || body.attributesToRetrieve!.includes(k))) : r);
    const hits = all.slice(start, start + this.browsePage).map(pick);
    const next = start + this.browsePage < all.length ? { cursor: String(start + this.browsePage) } : {};
    return [200, { hits, nbHits: all.length, page: 0, nbPages: 1, hitsPerPage: this.browsePage, processingTimeMS: 1, query: '', params: '', ...next }];
  }

  /** Copy (with its scope) and move, as the service does them: a move replaces the destination whole. */
  private operation(name: string, body: { operation: string; destination: string; scope?: string[] }): Reply {
    const source = this.indexes.get(name);
    if (body.operation === 'move') {
      if (source) {
        this.indexes.set(body.destination, source);
        this.indexes.delete(name);
      }
      return this.task();
    }
    const destination = this.index(body.destination);
    if (!body.scope || body.scope.includes('settings')) destination.settings = structuredClone(source?.settings ?? {});
    if (!body.scope) destination.records = new Map([...(source?.records ?? [])].map(([k, v]) => [k, structuredClone(v)]));
    return this.task();
  }
}

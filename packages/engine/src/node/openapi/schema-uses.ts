import type { ApiSchemaData } from '../../shared/api-model';
import type { Json, JsonObject } from './load-openapi';
import { asObject, str } from './json-values';
import { METHODS, type OperationRef } from './collect-operations';

type SchemaUse = ApiSchemaData['usedBy'][number];

/**
 * Which pages use each component schema (a schema page's "Used by" list): directly, or through
 * the schemas it references, listed once per page.
 */
export class SchemaUses {
  private readonly byName = new Map<string, SchemaUse[]>();

  constructor(private readonly components: Record<string, JsonObject>) {}

  /** Records that the page of `use` uses `schema` and every component schema reachable from it. */
  note(schema: Json | undefined, use: SchemaUse): void {
    const seen = new Set<string>();
    const walk = (value: Json | undefined) => {
      if (!value || typeof value !== 'object') return;
      if (Array.isArray(value)) return value.forEach(walk);
      const ref = str(value.$ref);
      if (ref?.startsWith('#/components/schemas/')) {
        const name = ref.slice('#/components/schemas/'.length);
        if (seen.has(name)) return;
        seen.add(name);
        const list = this.byName.get(name) ?? [];
        if (!list.some((u) => u.href === use.href)) list.push(use);
        this.byName.set(name, list);
        walk(this.components[name]);
      }
      Object.values(value).forEach(walk);
    };
    walk(schema);
  }

  /**
   * Puts each list in the order of the operations (pages are built concurrently, so they note
   * their uses in whatever order their highlighting finishes).
   */
  sortByOperations(operations: readonly OperationRef[]): void {
    const operationOrder = new Map(operations.map((o, i) => [`/api/${o.slug}`, i]));
    for (const list of this.byName.values()) list.sort((a, b) => (operationOrder.get(a.href) ?? 0) - (operationOrder.get(b.href) ?? 0));
  }

  of(name: string): SchemaUse[] {
    return this.byName.get(name) ?? [];
  }
}

import { describeMarkdown } from '../meta/describe';
import type { ApiSchemaData } from '../../shared/api-model';
import type { ExtraPage } from '../graph/page-graph';
import type { ApiContext } from './api-context';
import { apiPage, heading, linksIn } from './api-page';
import { str } from './json-values';
import type { JsonObject } from './load-openapi';
import { exampleFor, schemaTree } from './schema-tree';
import type { SchemaUses } from './schema-uses';

/** Route of a component schema's page. */
export const schemaHref = (name: string) => `/api/schemas/${name.toLowerCase()}`;

/** The page of one component schema: its fields, an example and the pages that use it. */
export async function buildSchemaPage(ctx: ApiContext, uses: SchemaUses, [name, schema]: [string, JsonObject]): Promise<ExtraPage> {
  const description = str(schema.description) ? ctx.markdown(str(schema.description)!) : undefined;
  const exampleCode = JSON.stringify(exampleFor({ $ref: `#/components/schemas/${name}` }, ctx.schemas, 'schema'), null, 2);
  const data: ApiSchemaData = {
    type: 'schema', name, description, tree: schemaTree({ $ref: `#/components/schemas/${name}` }, ctx.schemas, 'schema'),
    example: await ctx.highlight(exampleCode, 'json'), exampleCode, usedBy: uses.of(name),
  };
  const headings = [heading('fields', 'Fields'), heading('example', 'Example'), ...(data.usedBy.length ? [heading('used-by', 'Used by')] : [])];
  return apiPage(ctx.file, {
    route: schemaHref(name),
    title: name,
    description: describeMarkdown(str(schema.description)) || `The ${name} schema of the API.`,
    headings,
    data,
    kind: 'api-schema',
    links: linksIn(description, ctx.file, `#/components/schemas/${name}`),
  });
}

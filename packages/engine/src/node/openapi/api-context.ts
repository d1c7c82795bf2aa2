import type { Diagnostic, SourcePosition } from '../../shared/diagnostic';
import { escapePointer } from './json-pointer';
import type { ApiServer } from '../../shared/api-model';
import { MarkdownRenderer } from '../markdown/markdown-to-html';
import type { Json, JsonObject } from './load-openapi';
import { asArray, asObject, str } from './json-values';
import type { SchemaContext } from './schema-tree';
import type { ApiPagesInput } from './api-pages';

/** Section ids the API templates use; headings inside descriptions are numbered around them. */
const PAGE_SECTION_IDS = ['authentication', 'parameters', 'request-body', 'responses', 'code-samples', 'servers', 'how-to-read-this-reference', 'operations', 'download', 'fields', 'example', 'used-by', 'headers', 'signature', 'check-a-signature', 'payload', 'retries'];

/** What every page builder of the API reference reads: the document, its rendered texts, its servers. */
export interface ApiContext {
  doc: JsonObject;
  file: string;
  /** Where a JSON pointer of the spec is, for diagnostics and links. */
  at: (pointer: string) => SourcePosition;
  /** A description, rendered up front by `createApiContext`; `inline` drops the wrapping paragraph. */
  markdown: (text: string, inline?: boolean) => string;
  components: Record<string, JsonObject>;
  schemas: SchemaContext;
  highlight: (code: string, lang: string) => Promise<string>;
  servers: ApiServer[];
  /** The server code samples call: the test or sandbox one when the spec has it. */
  testServer: { url: string };
  /** The info description (the overview page's body), rendered apart: its only own section is #download. */
  info: { object: JsonObject; text: string | undefined; renderer: MarkdownRenderer };
  /** The input's code sample languages, environment variable prefix and published spec URL. */
  languages: readonly string[];
  envPrefix: string;
  specUrl: string;
  /** Problems rendering the descriptions (a site plugin that failed on one). */
  diagnostics: Diagnostic[];
}

/**
 * Every `description` string of the document (the only Markdown fields of OpenAPI), each with the
 * pointer of its first occurrence (where a plugin that fails on it is reported).
 */
function descriptionsIn(value: Json | undefined, pointer = '#', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v, i) => descriptionsIn(v, `${pointer}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const here = `${pointer}/${escapePointer(key)}`;
      if (key === 'description' && typeof v === 'string') {
        if (!out.has(v)) out.set(v, here);
      } else descriptionsIn(v, here, out);
    }
  }
  return out;
}

function serversOf(doc: JsonObject, markdown: ApiContext['markdown']): ApiServer[] {
  return asArray(doc.servers).map((s) => {
    const description = str(asObject(s).description);
    return { url: str(asObject(s).url) ?? '', description, descriptionHtml: description ? markdown(description, true) : undefined };
  });
}

/**
 * Renders every description of the spec once, up front (highlighting is asynchronous, page
 * building is not); schemas are expanded once per operation that uses them and then only look
 * their descriptions up.
 */
export async function createApiContext(input: ApiPagesInput): Promise<ApiContext> {
  const { spec, highlighter, renderTree } = input;
  const doc = spec.document!;
  const at = (pointer: string) => ({ file: spec.file, ...spec.locate(pointer) });
  const shared = { highlighter, renderTree, plugins: input.plugins, file: spec.file };
  const layout = input.reservedIds ?? [];
  const renderer = new MarkdownRenderer({ ...shared, reservedIds: [...layout, ...PAGE_SECTION_IDS] });
  const infoRenderer = new MarkdownRenderer({ ...shared, reservedIds: [...layout, 'download'] });
  const info = asObject(doc.info);
  const infoText = str(info.description);
  const descriptions = descriptionsIn(doc);
  await Promise.all([renderer.prepare(descriptions.keys(), (text) => at(descriptions.get(text) ?? '#')), infoRenderer.prepare(infoText ? [infoText] : [], () => at('#/info/description'))]);
  // The info description goes through both renderers: a plugin failing on it is reported once.
  const seen = new Set(renderer.diagnostics.map((d) => `${d.line}:${d.column}:${d.message}`));
  const diagnostics = [...renderer.diagnostics, ...infoRenderer.diagnostics.filter((d) => !seen.has(`${d.line}:${d.column}:${d.message}`))];
  const markdown = (text: string, inline = false) => renderer.html(text, inline);
  const components = asObject(asObject(doc.components).schemas) as Record<string, JsonObject>;
  const servers = serversOf(doc, markdown);
  return {
    doc,
    file: spec.file,
    at,
    diagnostics,
    markdown,
    components,
    schemas: { components, markdown },
    highlight: (code, lang) => highlighter.highlight({ lang, meta: '', code }),
    servers,
    testServer: servers.find((s) => /test|sandbox/i.test(`${s.description} ${s.url}`)) ?? servers[0] ?? { url: 'https://api.example.com' },
    info: { object: info, text: infoText, renderer: infoRenderer },
    languages: input.languages,
    envPrefix: input.envPrefix,
    specUrl: input.specUrl,
  };
}

/** The security schemes of the spec, each with its description or what kind of scheme it is. */
export function securitySchemes(ctx: ApiContext): Array<{ name: string; description: string }> {
  return Object.entries(asObject(asObject(ctx.doc.components).securitySchemes)).map(([name, value]) => {
    const scheme = asObject(value);
    const kind = scheme.type === 'http' ? `HTTP ${str(scheme.scheme) ?? ''} authentication` : scheme.type === 'apiKey' ? `API key in the ${str(scheme.in)} ${str(scheme.name)}` : String(scheme.type);
    return { name, description: str(scheme.description) ? ctx.markdown(str(scheme.description)!) : kind };
  });
}

import type { Element, Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { visit } from '../markdown/walk';
import type { ApiExample, ApiOperationData, ApiOverviewData, ApiPageData, ApiResponse, ApiSchemaData, ApiWebhookData, SchemaNode } from '../../shared/api-model';
import { htmlToMarkdown } from './html-markdown';

export { htmlToMarkdown };

/** The same on one line (for list items). */
const inline = (html: string | undefined): string => htmlToMarkdown(html).replace(/\s*\n\s*/g, ' ');

/** The text of highlighted code HTML, line by line (`[data-line]` spans; the whole text otherwise). */
export function codeText(html: string | undefined): string {
  if (!html) return '';
  const tree: HastRoot = fromHtml(html, { fragment: true });
  const lines: string[] = [];
  visit(tree, 'element', (node: Element) => {
    if (node.properties.dataLine !== undefined) {
      lines.push(toString(node));
      return 'skip';
    }
    return undefined;
  });
  return lines.length ? lines.join('\n') : toString(tree).replace(/\n$/, '');
}

const fence = (lang: string, code: string): string => {
  const ticks = '`'.repeat(Math.max(3, ...[...code.matchAll(/`{3,}/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${code}\n${ticks}`;
};

/** A schema's fields as a nested list: name, type, required, description and facts. */
export function schemaFields(node: SchemaNode | undefined, depth = 0): string[] {
  if (!node) return [];
  const pad = '  '.repeat(depth);
  const out: string[] = [];
  for (const child of node.children ?? []) {
    const facts = [child.type, child.required ? 'required' : '', child.nullable ? 'nullable' : '', child.deprecated ? 'deprecated' : ''].filter(Boolean).join(', ');
    const extra = [
      child.enum ? `one of: ${child.enum.map((e) => `\`${e}\``).join(', ')}` : '',
      child.default !== undefined ? `default: \`${child.default}\`` : '',
      child.constraints?.length ? child.constraints.join(', ') : '',
      child.example !== undefined && !child.children?.length ? `example: \`${child.example}\`` : '',
      child.refName ? `see [${child.refName}](/api/schemas/${child.refName.toLowerCase()})` : '',
    ].filter(Boolean).join('; ');
    const description = inline(child.description);
    out.push(`${pad}- \`${child.name ?? ''}\` (${facts})${description ? `: ${description}` : ''}${extra ? ` (${extra})` : ''}`);
    if (!child.circular) out.push(...schemaFields(child, depth + 1));
  }
  for (const option of node.variants?.options ?? []) {
    out.push(`${pad}- ${node.variants!.kind === 'oneOf' ? 'One of' : 'Any of'}: **${option.label}** (${option.node.type})`);
    out.push(...schemaFields(option.node, depth + 1));
  }
  return out;
}

const section = (title: string, lines: Array<string | false | undefined>): string => {
  const body = lines.filter((l): l is string => Boolean(l && l.trim())).join('\n\n');
  return body ? `## ${title}\n\n${body}` : '';
};

/** Each example, with its summary when it is a named one. */
const examplesMarkdown = (examples: readonly ApiExample[]): string =>
  examples.map((e) => `Example${e.summary ? ` (${e.summary})` : ''}:\n\n${fence('json', e.code ?? codeText(e.html))}`).join('\n\n');

function responsesMarkdown(responses: readonly ApiResponse[], noun: string): string[] {
  return responses.map((r) => {
    const lines = [
      htmlToMarkdown(r.description),
      r.headers.length ? `Headers:\n\n${r.headers.map((h) => `- \`${h.name}\` (${h.type})${h.description ? `: ${inline(h.description)}` : ''}`).join('\n')}` : '',
      r.schema ? `${r.schema.refName ? `Body: [${r.schema.refName}](/api/schemas/${r.schema.refName.toLowerCase()}) (${r.schema.type})` : `Body: ${r.schema.type}`}\n\n${schemaFields(r.schema).join('\n')}` : '',
      examplesMarkdown(r.examples),
    ].filter(Boolean);
    return `### ${r.status} ${noun}${lines.length ? `\n\n${lines.join('\n\n')}` : ''}`;
  });
}

function webhookMarkdown(w: ApiWebhookData): string {
  const parts: string[] = [`\`${w.method}\` to your endpoint. ${w.summary}`, htmlToMarkdown(w.description)];
  parts.push(section('Headers', [w.headers.map((h) => `- \`${h.name}\` (${h.schema.type}${h.required ? ', always sent' : ''})${h.description ? `: ${inline(h.description)}` : ''}`).join('\n')]));
  if (w.signature) parts.push(section('Signature', [`The \`${w.signature.header}\` header carries \`${w.signature.timestampKey}=<unix time>,${w.signature.signatureKey}=<hex>\`: ${w.signature.algorithm} of \`${w.signature.signedPayload}\` with ${w.signature.secretName ?? "the webhook secret"}; reject a timestamp more than ${w.signature.toleranceSeconds} s from your clock.`]));
  if (w.payload) parts.push(section('Payload', [`\`${w.payload.mediaType}\`${w.payload.schema.refName ? `: [${w.payload.schema.refName}](/api/schemas/${w.payload.schema.refName.toLowerCase()})` : ''}`, schemaFields(w.payload.schema).join('\n'), examplesMarkdown(w.payload.examples)]));
  parts.push('## Your answer', ...responsesMarkdown(w.responses, 'answer'));
  if (w.retry) parts.push(section('Retries', [w.retry.delaysSeconds.length ? `Retried after ${w.retry.delaysSeconds.map((d) => `${d} s`).join(', ')}${w.retry.timeoutSeconds ? `; an answer slower than ${w.retry.timeoutSeconds} s counts as a failure` : ''}.` : 'Not retried.']));
  return parts.filter(Boolean).join('\n\n');
}

function operationMarkdown(op: ApiOperationData): string {
  const parts: string[] = [];
  const flags = [op.draft ? '**Draft**: this operation may change.' : '', op.deprecated ? '**Deprecated.**' : ''].filter(Boolean).join(' ');
  parts.push(`\`${op.method} ${op.path}\``, flags, htmlToMarkdown(op.description));
  if (op.servers.length) parts.push(`Servers:\n\n${op.servers.map((s) => `- \`${s.url}\`${s.description ? `: ${s.description}` : ''}`).join('\n')}`);
  parts.push(section('Authentication', [op.auth.none ? 'None: send no `Authorization` header.' : op.auth.schemes.map((s) => `- **${s.name}**: ${s.kind} (the samples read it from \`${s.envVar}\`)`).join('\n')]));
  parts.push(section('Parameters', [op.parameters.map((p) => {
    const facts = [p.in, p.schema.type, p.required ? 'required' : ''].filter(Boolean).join(', ');
    const extra = [p.schema.enum ? `one of: ${p.schema.enum.map((e) => `\`${e}\``).join(', ')}` : '', p.schema.default !== undefined ? `default: \`${p.schema.default}\`` : '', p.example !== undefined ? `example: \`${p.example}\`` : ''].filter(Boolean).join('; ');
    const description = inline(p.description);
    return `- \`${p.name}\` (${facts})${description ? `: ${description}` : ''}${extra ? ` (${extra})` : ''}`;
  }).join('\n')]));
  const body = op.requestBody;
  if (body) {
    parts.push(section('Request body', [
      `\`${body.mediaType}\`${body.required ? ' (required)' : ' (optional)'}${body.schema.refName ? `: [${body.schema.refName}](/api/schemas/${body.schema.refName.toLowerCase()})` : ''}`,
      htmlToMarkdown(body.description),
      schemaFields(body.schema).join('\n'),
      body.exampleJson ? `Example:\n\n${fence('json', body.exampleJson)}` : examplesMarkdown(body.examples),
    ]));
  }
  parts.push('## Responses', ...responsesMarkdown(op.responses, 'response'));
  parts.push(section('Code samples', op.samples.map((s) => `### ${s.label}\n\n${fence(s.lang, s.code)}`)));
  return parts.filter(Boolean).join('\n\n');
}

function schemaMarkdown(schema: ApiSchemaData): string {
  return [
    htmlToMarkdown(schema.description),
    section('Fields', [`Type: ${schema.tree.type}`, schemaFields(schema.tree).join('\n')]),
    section('Example', [schema.example ? fence('json', schema.exampleCode ?? codeText(schema.example)) : '']),
    section('Used by', [schema.usedBy.map((u) => `- ${u.method ? `\`${u.method}\` ` : ''}[${u.label}](${u.href})`).join('\n')]),
  ].filter(Boolean).join('\n\n');
}

function overviewMarkdown(o: ApiOverviewData): string {
  return [
    `Version ${o.version}. The OpenAPI document: [${o.specUrl}](${o.specUrl}).`,
    htmlToMarkdown(o.description),
    section('Servers', [o.servers.map((s) => `- \`${s.url}\`${s.description ? `: ${s.description}` : ''}`).join('\n')]),
    section('Authentication', [o.security.map((s) => `- **${s.name}**: ${inline(s.description)}`).join('\n')]),
    section('Operations', o.tags.filter((t) => t.operations.length).map((t) => `### ${t.name}\n\n${t.description ? `${htmlToMarkdown(t.description)}\n\n` : ''}${t.operations.map((x) => `- \`${x.method}\` [${x.label}](${x.href})${x.draft ? ' (draft)' : ''}`).join('\n')}`)),
    o.schemaCount ? `The reference documents ${o.schemaCount} schemas, each at \`/api/schemas/{name}\`.` : '',
  ].filter(Boolean).join('\n\n');
}

/** The body of an API reference page as Markdown, rendered from the page's data (the spec). */
export function apiMarkdownBody(data: ApiPageData): string {
  if (data.type === 'operation') return operationMarkdown(data);
  if (data.type === 'schema') return schemaMarkdown(data);
  if (data.type === 'webhook') return webhookMarkdown(data);
  return overviewMarkdown(data);
}

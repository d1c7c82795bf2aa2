import type { SchemaNode } from '../../packages/engine/src/shared/api-model';
import { Tabs, TabItem } from '../components/Tabs';

const schemaHref = (name: string) => `/api/schemas/${name.toLowerCase()}`;

/** The field's type; a link to the schema's page unless it sits in a <summary> (no links inside a button). */
function TypeLabel({ node, linked = true }: { node: SchemaNode; linked?: boolean }) {
  return linked && node.refName && !node.type.startsWith('array') ? <a className="schema-type" href={schemaHref(node.refName)}>{node.type}</a> : <span className="schema-type">{node.type}</span>;
}

function Facts({ node }: { node: SchemaNode }) {
  const facts: Array<[string, string]> = [];
  if (node.enum?.length) facts.push(['Allowed', node.enum.join(', ')]);
  if (node.default !== undefined) facts.push(['Default', node.default]);
  if (node.constraints?.length) facts.push(['Constraints', node.constraints.join(', ')]);
  if (node.example !== undefined && !node.children) facts.push(['Example', node.example]);
  if (!facts.length) return null;
  return (
    <dl className="schema-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd><code>{v}</code></dd>
        </div>
      ))}
    </dl>
  );
}

function Field({ node, depth }: { node: SchemaNode; depth: number }) {
  const nested = node.children?.length || node.variants;
  const head = (
    <span className="schema-field-head">
      <code className="schema-name">{node.name}</code>
      <TypeLabel node={node} linked={!nested} />
      {node.required ? <span className="schema-required">required</span> : null}
      {node.nullable ? <span className="schema-flag">nullable</span> : null}
      {node.deprecated ? <span className="schema-flag">deprecated</span> : null}
    </span>
  );
  const body = (
    <>
      {node.description ? <div className="schema-description" dangerouslySetInnerHTML={{ __html: node.description }} /> : null}
      <Facts node={node} />
      {nested && node.refName && !node.circular ? <p className="schema-ref">Schema: <a href={schemaHref(node.refName)}>{node.refName}</a></p> : null}
      {node.circular ? <p className="schema-circular">Refers back to <a href={schemaHref(node.refName ?? '')}>{node.refName}</a> (shown on its own page).</p> : null}
    </>
  );
  return (
    <li className="schema-field">
      {nested ? (
        <details open={depth < 1}>
          <summary>{head}</summary>
          {body}
          <SchemaBody node={node} depth={depth + 1} />
        </details>
      ) : (
        <>
          {head}
          {body}
        </>
      )}
    </li>
  );
}

/** The fields of an object (and its oneOf/anyOf variants as tabs). Nested objects are collapsible. */
export function SchemaBody({ node, depth = 0 }: { node: SchemaNode; depth?: number }) {
  return (
    <>
      {node.children?.length ? (
        <ul className="schema-fields">
          {node.children.map((child) => (
            <Field key={child.name} node={child} depth={depth} />
          ))}
        </ul>
      ) : null}
      {node.variants ? (
        <div className="schema-variants">
          <p className="schema-variants-label">{node.variants.kind === 'oneOf' ? 'One of:' : 'Any of:'}</p>
          <Tabs>
            {node.variants.options.map((option) => (
              <TabItem key={option.label} value={option.label} label={option.label}>
                {option.node.description ? <div className="schema-description" dangerouslySetInnerHTML={{ __html: option.node.description }} /> : null}
                <SchemaBody node={option.node} depth={depth + 1} />
              </TabItem>
            ))}
          </Tabs>
        </div>
      ) : null}
    </>
  );
}

/** A top-level schema: its type line, description and fields. */
export function SchemaTree({ node }: { node: SchemaNode }) {
  return (
    <div className="schema">
      <p className="schema-root">
        <TypeLabel node={node} />
      </p>
      {node.description ? <div className="schema-description" dangerouslySetInnerHTML={{ __html: node.description }} /> : null}
      <SchemaBody node={node} />
    </div>
  );
}

import type { PageProps } from '../types';
import type { ApiSchemaData } from '../../packages/engine/src/shared/api-model';
import { DocPage } from '../DocPage';
import { SchemaTree } from './SchemaTree';
import { CodeBlock } from '../components/CodeBlock';
import { H2 } from '../components/Heading';

function SchemaBodyPage({ schema }: { schema: ApiSchemaData }) {
  return (
    <>
      <H2 id="fields">Fields</H2>
      <SchemaTree node={{ ...schema.tree, description: undefined }} />
      <H2 id="example">Example</H2>
      {schema.example ? <CodeBlock html={schema.example} lang="json" /> : null}
      {schema.usedBy.length ? (
        <>
          <H2 id="used-by">Used by</H2>
          <ul>
            {schema.usedBy.map((u) => (
              <li key={u.href}>
                {u.method ? <span className={`method-badge method-${u.method.toLowerCase()}`}>{u.method}</span> : null} <a href={u.href}>{u.label}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** A component schema: its description, full field tree, an example and where it is used. */
export function ApiSchemaPage(props: PageProps) {
  const schema = props.page.data as ApiSchemaData;
  return (
    <DocPage
      {...props}
      content={
        <>
          {schema.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: schema.description }} /> : null}
          <SchemaBodyPage schema={schema} />
        </>
      }
    />
  );
}

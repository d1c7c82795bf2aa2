import type { ReactNode } from 'react';
import type { PageProps } from '../types';
import type { ApiOperationData, ApiParameter } from '../../packages/engine/src/shared/api-model';
import { DocPage } from '../DocPage';
import { SchemaTree } from './SchemaTree';
import { ExampleList } from './ExampleList';
import { Tabs, TabItem } from '../components/Tabs';
import { CodeBlock } from '../components/CodeBlock';
import { H2, H3 } from '../components/Heading';
import { Island } from '../components/Island';
import { breakablePath } from '../components/Breakable';
import ApiConsole, { type ApiConsoleProps } from '../islands/ApiConsole';

/** One named field of a list (a parameter, a response header): name, type, required, description, then extras. */
function FieldItem({ name, type, required, description, children }: { name: string; type: string; required?: boolean; description?: string; children?: ReactNode }) {
  return (
    <li className="schema-field">
      <span className="schema-field-head">
        <code className="schema-name">{name}</code>
        <span className="schema-type">{type}</span>
        {required ? <span className="schema-required">required</span> : null}
      </span>
      {description ? <div className="schema-description" dangerouslySetInnerHTML={{ __html: description }} /> : null}
      {children}
    </li>
  );
}

export function ParameterTable({ title, params }: { title: string; params: ApiParameter[] }) {
  if (!params.length) return null;
  return (
    <>
      <h3 className="api-param-group">{title}</h3>
      <ul className="schema-fields">
        {params.map((p) => (
          <FieldItem key={p.name} name={p.name} type={p.schema.type} required={p.required} description={p.description}>
            <dl className="schema-facts">
              {p.schema.enum ? <div><dt>Allowed</dt><dd><code>{p.schema.enum.join(', ')}</code></dd></div> : null}
              {p.schema.default !== undefined ? <div><dt>Default</dt><dd><code>{p.schema.default}</code></dd></div> : null}
              {p.schema.constraints?.length ? <div><dt>Constraints</dt><dd><code>{p.schema.constraints.join(', ')}</code></dd></div> : null}
              {p.example !== undefined ? <div><dt>Example</dt><dd><code>{p.example}</code></dd></div> : null}
            </dl>
          </FieldItem>
        ))}
      </ul>
    </>
  );
}

/** The text of a small piece of rendered HTML: tags dropped, the entities the renderer writes decoded. */
function plainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => entities[e]!).replace(/\s+/g, ' ').trim();
}

/** Which credential the operation takes (or that it takes none), and where the code samples read it from. */
function AuthSection({ auth }: { auth: ApiOperationData['auth'] }) {
  if (auth.none) return <p className="api-auth">None: this endpoint takes no <code>Authorization</code> header. Do not send an API key to it.</p>;
  return (
    <>
      {auth.schemes.map((s) => (
        <div key={s.name} className="api-auth" data-scheme={s.name}>
          <p>
            <strong>{s.name}</strong>: {s.kind}. The code samples read it from the environment variable <code>{s.envVar}</code>.
          </p>
          {s.description ? <div dangerouslySetInnerHTML={{ __html: s.description }} /> : null}
        </div>
      ))}
    </>
  );
}

function consoleProps(op: ApiOperationData): ApiConsoleProps {
  const idempotency = op.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  return {
    method: op.method,
    path: op.path,
    // the option's text is plain; the Markdown of the description is rendered here, at build time
    servers: op.servers.map((s) => ({ url: s.url, label: s.descriptionHtml ? plainText(s.descriptionHtml) : s.description, descriptionHtml: s.descriptionHtml })),
    // The idempotency key is the console's own field (a fresh UUID per send), not the spec's example.
    parameters: op.parameters.filter((p) => p !== idempotency).map((p) => ({ name: p.name, in: p.in, required: p.required, example: p.example, type: p.schema.type })),
    body: op.requestBody ? { example: op.requestBody.exampleJson ?? '', schema: op.requestBody.schema, required: op.requestBody.required } : undefined,
    idempotencyHeader: idempotency?.name,
    auth: { none: op.auth.none, label: !op.auth.schemes[0] || op.auth.schemes[0].envVar.endsWith('_API_KEY') ? 'API key' : `Access token (${op.auth.schemes[0].name})` },
  };
}

function OperationBody({ op }: { op: ApiOperationData }) {
  const server = op.servers.find((s) => /test|sandbox/i.test(`${s.description} ${s.url}`)) ?? op.servers[0];
  return (
    <>
      <div className="api-endpoint">
        <span className={`method-badge method-${op.method.toLowerCase()}`}>{op.method}</span>
        <code className="api-path">
          {server ? <span className="api-server">{breakablePath(server.url)}</span> : null}
          {breakablePath(op.path)}
        </code>
      </div>
      <Island name="ApiConsole" component={ApiConsole} props={consoleProps(op)} hydrate="interaction" />
      {op.draft ? <p className="api-draft"><span className="badge badge-draft">Draft</span> This partner endpoint is a draft: its shape may change before it is final.</p> : null}
      {op.deprecated ? <p className="api-draft"><span className="badge badge-deprecated">Deprecated</span> Do not use this operation in new integrations.</p> : null}
      {op.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: op.description }} /> : null}
      <H2 id="authentication">Authentication</H2>
      <AuthSection auth={op.auth} />
      {op.parameters.length ? (
        <>
          <H2 id="parameters">Parameters</H2>
          <ParameterTable title="Path parameters" params={op.parameters.filter((p) => p.in === 'path')} />
          <ParameterTable title="Query parameters" params={op.parameters.filter((p) => p.in === 'query')} />
          <ParameterTable title="Header parameters" params={op.parameters.filter((p) => p.in === 'header')} />
        </>
      ) : null}
      {op.requestBody ? (
        <>
          <H2 id="request-body">Request body</H2>
          <p className="api-media">
            <code>{op.requestBody.mediaType}</code> {op.requestBody.required ? <span className="schema-required">required</span> : null}
          </p>
          {op.requestBody.description ? <div dangerouslySetInnerHTML={{ __html: op.requestBody.description }} /> : null}
          <SchemaTree node={op.requestBody.schema} />
          <ExampleList examples={op.requestBody.examples} what="request body" />
        </>
      ) : null}
      <H2 id="responses">Responses</H2>
      <Tabs className="api-responses">
        {op.responses.map((r) => (
          <TabItem key={r.status} value={r.status} label={r.status}>
            <H3 id={`response-${r.status}`}>{r.status} response</H3>
            <p dangerouslySetInnerHTML={{ __html: r.description }} />
            {r.headers.length ? (
              <>
                <h4 className="api-param-group">Headers</h4>
                <ul className="schema-fields api-headers">
                  {r.headers.map((h) => (
                    <FieldItem key={h.name} name={h.name} type={h.type} description={h.description} />
                  ))}
                </ul>
              </>
            ) : null}
            {r.schema ? (
              <>
                {r.headers.length ? <h4 className="api-param-group">Body</h4> : null}
                <SchemaTree node={r.schema} />
              </>
            ) : null}
            <ExampleList examples={r.examples} what="response" />
          </TabItem>
        ))}
      </Tabs>
      <H2 id="code-samples">Code samples</H2>
      <Tabs groupId="code-language" className="code-tabs">
        {op.samples.map((s) => (
          <TabItem key={s.lang} value={s.lang} label={s.label}>
            <CodeBlock html={s.html} lang={s.lang} />
          </TabItem>
        ))}
      </Tabs>
    </>
  );
}

/** One API operation: method and path, parameters, request body, responses and samples. */
export function ApiOperationPage(props: PageProps) {
  const op = props.page.data as ApiOperationData;
  return <DocPage {...props} content={<OperationBody op={op} />} />;
}

import type { PageProps } from '../types';
import type { ApiOverviewData } from '../../packages/engine/src/shared/api-model';
import { DocPage } from '../DocPage';
import { H2, H3 } from '../components/Heading';

function Operations({ data }: { data: ApiOverviewData }) {
  return (
    <>
      {data.tags.filter((t) => t.operations.length).map((tag) => (
        <section key={tag.name} className="api-tag">
          <H3 id={tag.anchor}>{tag.name}</H3>
          {tag.description ? <div dangerouslySetInnerHTML={{ __html: tag.description }} /> : null}
          <ul className="api-operation-list">
            {tag.operations.map((o) => (
              <li key={o.href}>
                <span className={`method-badge method-${o.method.toLowerCase()}`}>{o.method}</span> <a href={o.href}>{o.label}</a>
                {o.draft ? <span className="badge badge-draft">Draft</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function IndexBody({ data }: { data: ApiOverviewData }) {
  return (
    <>
      <p>
        The {data.title} (version <code>{data.version}</code>) is a JSON-over-HTTPS API for your servers. This reference is generated from the
        OpenAPI document, so it always matches what the API accepts: <a href={data.specUrl} download="">download the specification</a> to
        generate a client or import it into your API tool. Start with the <a href={data.overviewHref}>overview</a> for authentication,
        idempotency, rate limits, pagination and errors.
      </p>
      <H2 id="servers">Servers</H2>
      <table>
        <thead><tr><th>Environment</th><th>Base URL</th></tr></thead>
        <tbody>
          {data.servers.map((s) => (
            <tr key={s.url}><td dangerouslySetInnerHTML={{ __html: s.descriptionHtml ?? '' }} /><td><code>{s.url}</code></td></tr>
          ))}
        </tbody>
      </table>
      <H2 id="authentication">Authentication</H2>
      {data.security.map((s) => (
        <div key={s.name} dangerouslySetInnerHTML={{ __html: s.description }} />
      ))}
      <H2 id="how-to-read-this-reference">How to read this reference</H2>
      <p>
        Each operation page shows the method and path, its parameters, the request body as a tree of fields (open nested objects to see
        their fields; <span className="schema-required">required</span> marks what you must send), every response by status code with its
        headers and an example, and ready-to-run code samples in six languages that use the test server. Field types link to the schema
        pages, {data.schemaCount} in all. Operations marked <span className="badge badge-draft">Draft</span> are partner endpoints that may
        still change.
      </p>
      <H2 id="operations">Operations</H2>
      <Operations data={data} />
      {data.webhooks.length ? (
        <>
          <H2 id="webhooks">Webhooks</H2>
          <p>Requests the API sends to your server. Each page shows the payload, the headers, how to verify the signature (with a checker), what to answer and the retries.</p>
          <ul className="api-operation-list">
            {data.webhooks.map((w) => (
              <li key={w.href}>
                <span className={`method-badge method-${w.method.toLowerCase()}`}>{w.method}</span> <a href={w.href}>{w.label}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.schemas.length ? (
        <>
          <H2 id="schemas">Schemas</H2>
          <ul className="api-schema-list">
            {data.schemas.map((s) => (
              <li key={s.href}><a href={s.href}>{s.name}</a></li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function OverviewBody({ data }: { data: ApiOverviewData }) {
  return (
    <>
      {data.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: data.description }} /> : null}
      <H2 id="download">Download the specification</H2>
      <p>
        The complete OpenAPI document is at <a href={data.specUrl} download="">{data.specUrl}</a> (YAML, OpenAPI 3.1). It is the source of
        every page of this reference.
      </p>
    </>
  );
}

/** `/api` (the index) and `/api/{title}` (the overview from the spec's info). */
export function ApiOverviewPage(props: PageProps) {
  const data = props.page.data as ApiOverviewData;
  return <DocPage {...props} content={data.type === 'index' ? <IndexBody data={data} /> : <OverviewBody data={data} />} />;
}

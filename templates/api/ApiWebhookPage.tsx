import type { PageProps } from '../types';
import type { ApiWebhookData, WebhookSignature } from '../../packages/engine/src/shared/api-model';
import { DocPage } from '../DocPage';
import { SchemaTree } from './SchemaTree';
import { ExampleList } from './ExampleList';
import { ParameterTable } from './ApiOperationPage';
import { H2, H3 } from '../components/Heading';
import { Island } from '../components/Island';
import SignatureChecker from '../islands/SignatureChecker';

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Seconds in words: `45 seconds`, `5 minutes`, `2 hours`, `32 hours 36 minutes`. */
function duration(seconds: number): string {
  if (seconds < 60) return unit(seconds, 'second');
  if (seconds < 3600) return unit(Math.round(seconds / 60), 'minute');
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes ? `${unit(Math.floor(seconds / 3600), 'hour')} ${unit(minutes, 'minute')}` : unit(Math.floor(seconds / 3600), 'hour');
}

/** How to verify a delivery, in words, from the signature scheme. */
function SignatureText({ s }: { s: WebhookSignature }) {
  const payload = s.signedPayload.replace('{timestamp}', `<${s.timestampKey}>`).replace('{body}', '<raw body>');
  return (
    <>
      <p>
        Every request carries <code>{`${s.header}: ${s.timestampKey}=<unix seconds>,${s.signatureKey}=<signature>`}</code>. The signature is the hex {s.algorithm} of <code>{payload}</code>, keyed
        with {s.secretName ?? 'your webhook secret'}.
      </p>
      <ol>
        <li>Read the raw request body as bytes, before any JSON parsing: a re-serialised body does not verify.</li>
        <li>Compute the {s.algorithm} of <code>{payload}</code> with your secret and compare it in constant time with each <code>{s.signatureKey}</code> value of the header.</li>
        <li>Reject the request when <code>{s.timestampKey}</code> is more than {duration(s.toleranceSeconds)} away from your clock (replay protection).</li>
      </ol>
    </>
  );
}

function Retries({ retry }: { retry: NonNullable<ApiWebhookData['retry']> }) {
  const timeout = retry.timeoutSeconds !== undefined ? ` within ${duration(retry.timeoutSeconds)}` : '';
  if (!retry.delaysSeconds.length) return <p>Not retried: no <code>2xx</code> answer{timeout} counts as a failure of this one attempt.</p>;
  let total = 0;
  return (
    <>
      <p>
        A non-<code>2xx</code> answer, or none{timeout}, is retried {retry.delaysSeconds.length} times: {retry.delaysSeconds.length + 1} attempts in all. Deliveries can arrive twice or out of order.
      </p>
      <table className="api-retries">
        <thead>
          <tr><th>Attempt</th><th>After the previous one</th><th>After the first</th></tr>
        </thead>
        <tbody>
          <tr><td>1</td><td>at once</td><td>0</td></tr>
          {retry.delaysSeconds.map((d, i) => {
            total += d;
            return <tr key={i}><td>{i + 2}</td><td>{duration(d)}</td><td>{duration(total)}</td></tr>;
          })}
        </tbody>
      </table>
    </>
  );
}

function WebhookBody({ hook }: { hook: ApiWebhookData }) {
  return (
    <>
      <div className="api-endpoint">
        <span className={`method-badge method-${hook.method.toLowerCase()}`}>{hook.method}</span>
        <code className="api-path">your endpoint</code>
      </div>
      {hook.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: hook.description }} /> : null}
      {hook.headers.length ? (
        <>
          <H2 id="headers">Headers</H2>
          <ParameterTable title="Request headers" params={hook.headers} />
        </>
      ) : null}
      {hook.signature ? (
        <>
          <H2 id="signature">Signature</H2>
          <SignatureText s={hook.signature} />
          <H3 id="check-a-signature">Check a signature</H3>
          <Island name="SignatureChecker" component={SignatureChecker} props={{ scheme: hook.signature, example: hook.payload?.exampleJson ?? '{}' }} hydrate="interaction" />
        </>
      ) : null}
      {hook.payload ? (
        <>
          <H2 id="payload">Payload</H2>
          <p className="api-media"><code>{hook.payload.mediaType}</code></p>
          <SchemaTree node={hook.payload.schema} />
          <ExampleList examples={hook.payload.examples} what="payload" />
        </>
      ) : null}
      <H2 id="responses">Your answer</H2>
      {hook.responses.map((r) => (
        <div key={r.status} className="api-webhook-response">
          <p><strong>{r.status === 'default' ? 'Any other status' : r.status}</strong>: <span dangerouslySetInnerHTML={{ __html: r.description }} /></p>
          {r.schema ? <SchemaTree node={r.schema} /> : null}
          <ExampleList examples={r.examples} what="answer" />
        </div>
      ))}
      {hook.retry ? (
        <>
          <H2 id="retries">Retries</H2>
          <Retries retry={hook.retry} />
        </>
      ) : null}
    </>
  );
}

/** One webhook: what Epic sends (headers, signature, payload), what to answer, and the retries. */
export function ApiWebhookPage(props: PageProps) {
  const hook = props.page.data as ApiWebhookData;
  return <DocPage {...props} content={<WebhookBody hook={hook} />} />;
}

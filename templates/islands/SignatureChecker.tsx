import { useState } from 'react';
import type { WebhookSignature } from '../../packages/engine/src/shared/api-model';
import { signedCurl, signatureHeader, verify, type Verdict } from './lib/webhook-signature';

export interface SignatureCheckerProps {
  scheme: WebhookSignature;
  /** The webhook's example payload, to start from. */
  example: string;
}

/**
 * Checks a webhook signature in the browser (Web Crypto; nothing is sent anywhere): paste the raw
 * body, the signature header and a test secret, and see whether it verifies and, if not, why. Also
 * signs a test event for the reader's own endpoint, as a curl command. Hydrated on first use.
 */
export default function SignatureChecker({ scheme, example }: SignatureCheckerProps) {
  const [body, setBody] = useState(example);
  const [header, setHeader] = useState('');
  const [secret, setSecret] = useState('');
  const [endpoint, setEndpoint] = useState('http://localhost:3000/webhooks');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [curl, setCurl] = useState('');
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);

  const check = async () => {
    setBusy(true);
    try {
      setVerdict(await verify(scheme, { body, header, secret }));
    } finally {
      setBusy(false);
    }
  };
  const makeTestEvent = async () => {
    if (!secret) {
      setVerdict({ ok: false, reason: 'no-secret', message: 'Enter a test secret to sign the event with.' });
      return;
    }
    setHeader(await signatureHeader(scheme, secret, body));
    setCurl(await signedCurl(scheme, secret, body, endpoint));
    setVerdict(null);
  };

  // Closed, it is one button: the page ships no checker code until the reader asks for it.
  if (!open) {
    return (
      <div className="signature-checker">
        <button type="button" className="button signature-checker-open" onClick={() => setOpen(true)}>
          Check a signature or sign a test event
        </button>
      </div>
    );
  }
  return (
    <div className="signature-checker api-console-panel">
      <p className="api-console-hint">Runs in this page with Web Crypto: the payload, header and secret are not sent anywhere. Use a test secret, not a live one.</p>
      <div className="api-console-row">
        <label htmlFor="sig-body">Raw request body</label>
        <textarea id="sig-body" spellCheck={false} rows={Math.min(14, body.split('\n').length + 1)} value={body} onChange={(e) => setBody(e.target.value)} />
      </div>
      <div className="api-console-row">
        <label htmlFor="sig-header">{scheme.header} header</label>
        <input id="sig-header" autoComplete="off" spellCheck={false} placeholder={`${scheme.timestampKey}=1748779502,${scheme.signatureKey}=5257a8…`} value={header} onChange={(e) => setHeader(e.target.value)} />
      </div>
      <div className="api-console-row">
        <label htmlFor="sig-secret">Webhook secret (test)</label>
        <input id="sig-secret" type="password" autoComplete="off" spellCheck={false} value={secret} onChange={(e) => setSecret(e.target.value)} />
      </div>
      <div className="api-console-actions">
        <button type="button" className="button" onClick={check} disabled={busy}>Check signature</button>
      </div>
      {verdict ? (
        <p className={verdict.ok ? 'signature-verdict signature-ok' : 'signature-verdict signature-bad'} role="status" data-reason={verdict.reason}>
          {verdict.message}
        </p>
      ) : null}
      <div className="api-console-row">
        <label htmlFor="sig-endpoint">Your endpoint (for a signed test event)</label>
        <input id="sig-endpoint" type="url" value={endpoint} onChange={(e) => setEndpoint(e.target.value)} />
      </div>
      <div className="api-console-actions">
        <button type="button" className="button button-secondary" onClick={makeTestEvent}>Sign a test event (curl)</button>
      </div>
      {curl ? <pre className="api-console-pre" data-testid="signed-curl">{curl}</pre> : null}
    </div>
  );
}

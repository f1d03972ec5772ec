import {
  apiKeyRequestsPerMinute,
  apiKeyRevocationSeconds,
  apiKeyScopeLabels,
  apiKeyScopes,
} from '@studio/shared/api-keys';
import {
  webhookDisableAfterDays,
  webhookEvents,
  webhookRetryHours,
  webhookSignatureToleranceSeconds,
  webhookTimeoutSeconds,
} from '@studio/shared/webhooks';
import { PageBanner } from '../layout/public-page.tsx';
import { SiteFooter } from '../layout/site-footer.tsx';
import { SiteHeader } from '../layout/site-header.tsx';
import { Link } from '../../components/app-link.tsx';
import { paths } from '../../config/paths.ts';
import { ApiReference } from '../../features/developers/components/api-reference.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../layout/public-page.css';
import '../../features/developers/components/developers.css';

const verifyExample = `import { createHmac, timingSafeEqual } from 'node:crypto';

// header: the Studio-Signature header; body: the request's raw body, as received.
function verify(header, body, secret) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const age = Math.abs(Date.now() / 1000 - Number(parts.t));
  if (!(age <= ${webhookSignatureToleranceSeconds})) return false;
  const expected = createHmac('sha256', secret).update(\`\${parts.t}.\${body}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}`;

/**
 * `/developers` (#36): how to call the public API, and its OpenAPI document rendered below. Framed
 * as the other public pages (header, footer) but without their `<main>`: RapiDoc draws the
 * reference in a `<main>` of its own, which is the page's main content, and a second one around
 * it would nest two. The guide above it is a named region.
 */
export function DevelopersRoute() {
  useDocumentTitle('API reference — Retouch Studio');
  return (
    <>
      <SiteHeader />
      <section className="developers" aria-label="Getting started">
        <PageBanner title="API reference" eyebrow="Developers">
          <p>Order, upload and follow your jobs from your own systems: a PIM, a DAM or a shop.</p>
        </PageBanner>
        <div className="page-section">
          <div className="container">
            <div className="developers__intro">
              <h2>Keys</h2>
              <p>
                An owner of your organisation makes a key on its{' '}
                <Link to={paths.organisationApi}>API and webhooks</Link> page (in your organisation’s page once you are
                signed in), and chooses what it may do:
              </p>
              <ul>
                {apiKeyScopes.map((scope) => (
                  <li key={scope}>
                    <code>{scope}</code>: {apiKeyScopeLabels[scope]}
                  </li>
                ))}
              </ul>
              <p>
                The key is shown once. Send it on every request as a Bearer token; it acts for its organisation only, on
                the same routes the client portal calls:
              </p>
              <pre className="developers__code">
                <code>Authorization: Bearer rsk_live_…</code>
              </pre>
              <p>
                A key may make {apiKeyRequestsPerMinute} requests a minute; beyond that the API answers <code>429</code>{' '}
                with <code>Retry-After</code>. A revoked key is refused within {apiKeyRevocationSeconds} seconds. Every
                failure is the same JSON shape: <code>{'{ statusCode, error, message, details? }'}</code>.
              </p>

              <h2>Webhooks</h2>
              <p>
                A webhook sends a <code>POST</code> of JSON to your URL when one of these happens:{' '}
                {webhookEvents.map((event, index) => (
                  <span key={event}>
                    {index > 0 && ', '}
                    <code>{event}</code>
                  </span>
                ))}
                . Answer with a 2xx within {webhookTimeoutSeconds} seconds; anything else is tried again with backoff
                for {webhookRetryHours} hours, and a webhook whose deliveries all fail for {webhookDisableAfterDays}{' '}
                days is turned off. The <code>Studio-Event-Id</code> header is the same on every try of one event: drop
                the repeats by it.
              </p>
              <p>
                Each delivery is signed with the webhook’s secret (shown once, when the webhook is added). The{' '}
                <code>Studio-Signature</code> header reads <code>t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>,
                where the signature is the hex HMAC-SHA256, keyed with the secret, of <code>t</code>, a dot and the raw
                body. Recompute it, compare in constant time, and refuse a <code>t</code> more than{' '}
                {webhookSignatureToleranceSeconds / 60} minutes from your clock:
              </p>
              <pre className="developers__code">
                <code>{verifyExample}</code>
              </pre>
              <p>
                The reference below is the API’s OpenAPI 3.1 document, also at{' '}
                <a href="/api/openapi.json">/api/openapi.json</a> for your own tools.
              </p>
            </div>
          </div>
        </div>
      </section>
      <div className="container developers__reference">
        <ApiReference />
      </div>
      <SiteFooter />
    </>
  );
}

import type { MyOrganisation } from '@studio/shared/organisation';
import { Link } from '../../../components/app-link.tsx';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { WebhooksPanel } from './webhooks-panel.tsx';
import './api-access.css';

/**
 * "API and webhooks" of one organisation (#36): its API keys and webhooks, for its OWNERs. Any
 * other member is told who can, and reads nothing (the API refuses them anyway).
 */
export function ApiAccess({ organisation }: { organisation: MyOrganisation }) {
  const reference = (
    <p className="api-access__reference">
      How to call the API, every route and the webhook events: <Link to={paths.developers}>the API reference</Link>.
    </p>
  );
  if (organisation.role !== 'OWNER') {
    return (
      <>
        <p className="form__alert" role="alert">
          Only the owners of {organisation.name} manage its API keys and webhooks. Ask one of them if your system needs
          a key.
        </p>
        {reference}
      </>
    );
  }
  return (
    <ConfirmProvider>
      {reference}
      <section className="organisation__section" aria-labelledby="api-keys">
        <h2 id="api-keys">API keys</h2>
        <ApiKeysPanel organisationId={organisation.id} />
      </section>
      <section className="organisation__section" aria-labelledby="api-webhooks">
        <h2 id="api-webhooks">Webhooks</h2>
        <WebhooksPanel organisationId={organisation.id} />
      </section>
    </ConfirmProvider>
  );
}

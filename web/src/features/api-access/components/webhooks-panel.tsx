import { useId, useState } from 'react';
import {
  createWebhookBodySchema,
  maxWebhooksPerOrganisation,
  updateWebhookBodySchema,
  webhookDisableAfterDays,
  webhookEvents,
  webhookRetryHours,
  type Webhook,
} from '@studio/shared/webhooks';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FieldGroup, FormAlert, FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SaveRow } from '../../../components/saved-status.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useWebhooks } from '../api/list-webhooks.ts';
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useUpdateWebhook } from '../api/webhook-writes.ts';
import { focusFirstField, SecretOnce, useFocusOnReturn } from './secret-once.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

/** What each event means, beside its checkbox. */
export const webhookEventLabels: Record<(typeof webhookEvents)[number], string> = {
  'job.created': 'a job is ordered',
  'job.paid': 'a job is paid',
  'image.delivered': 'a finished image is delivered',
  'job.delivered': 'all of a job’s images are delivered',
  'job.approved': 'a job is approved',
  'revision.requested': 'changes are asked for',
  'job.cancelled': 'a job is cancelled',
};

/**
 * An organisation's webhooks (#36): the list with each one's state, "Add webhook" (URL and events)
 * with the signing secret shown once, and per webhook: edit events, turn on again, send a test
 * event, its deliveries log, delete.
 */
export function WebhooksPanel({ organisationId }: { organisationId: string }) {
  const webhooks = useWebhooks(organisationId);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const opener = useFocusOnReturn();
  return (
    <>
      <p>
        We POST a JSON event to your URL when one of your jobs changes, signed with the webhook’s secret (the{' '}
        <code>Studio-Signature</code> header). A delivery that fails is tried again for {webhookRetryHours} hours; a
        webhook whose deliveries all fail for {webhookDisableAfterDays} days is turned off and you are e-mailed. Up to{' '}
        {maxWebhooksPerOrganisation} webhooks.
      </p>
      {created ? (
        <SecretOnce
          label={`Signing secret of ${created.url}`}
          value={created.secret}
          what="this secret"
          onDone={() => {
            opener.returnFocus();
            setCreated(null);
          }}
        />
      ) : adding ? (
        <AddWebhookForm
          organisationId={organisationId}
          onCancel={() => {
            opener.returnFocus();
            setAdding(false);
          }}
          onCreated={(url, secret) => {
            setAdding(false);
            setCreated({ url, secret });
          }}
        />
      ) : (
        <button ref={opener.ref} type="button" className="button button--primary" onClick={() => setAdding(true)}>
          Add webhook
        </button>
      )}
      <h3>Your webhooks</h3>
      <QueryState
        query={webhooks}
        loading="Loading the webhooks..."
        empty="No webhooks yet."
        error="The webhooks could not be loaded."
      >
        {(rows) => (
          <ul className="api-access__hooks">
            {rows.map((webhook) => (
              <li key={webhook.id}>
                <WebhookCard organisationId={organisationId} webhook={webhook} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

function EventChoices({
  form,
  error,
}: {
  form: { option: (name: 'events', value: string) => object };
  error: string | undefined;
}) {
  return (
    <FieldGroup legend="Events *" error={error} className="api-access__choices">
      {webhookEvents.map((event) => (
        <label key={event} className="api-access__choice">
          <input {...form.option('events', event)} />
          <span>
            <code>{event}</code> {webhookEventLabels[event]}
          </span>
        </label>
      ))}
    </FieldGroup>
  );
}

function AddWebhookForm({
  organisationId,
  onCancel,
  onCreated,
}: {
  organisationId: string;
  onCancel: () => void;
  onCreated: (url: string, secret: string) => void;
}) {
  const create = useCreateWebhook();
  const form = useSchemaForm({
    schema: createWebhookBodySchema,
    initialValues: { url: '', events: [] as readonly string[] },
    labels: { url: 'URL', events: 'Events' },
  });
  return (
    <form
      ref={focusFirstField}
      className="form api-access__form"
      noValidate
      aria-label="Add webhook"
      onSubmit={form.handleSubmit(
        async (body) => {
          const { webhook, secret } = await create.mutateAsync({ organisationId, body });
          onCreated(webhook.url, secret);
        },
        { failureText: 'The webhook could not be added' },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField
        label="URL *"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        hint="Where we send the events: https://, on a public address."
        {...form.field('url')}
      />
      <EventChoices form={form} error={form.errors.events} />
      <div className="api-access__actions">
        <SaveRow label="Add the webhook" busyLabel="Adding..." busy={form.submitting} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function WebhookCard({ organisationId, webhook }: { organisationId: string; webhook: Webhook }) {
  const headingId = useId();
  const confirm = useConfirm();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const editOpener = useFocusOnReturn();
  const input = { organisationId, hookId: webhook.id };

  async function run(action: () => Promise<unknown>, done: string, failureText: string) {
    setSaid(null);
    try {
      await action();
      setSaid({ text: done, failed: false });
    } catch (error) {
      setSaid({ text: apiErrorText(error, failureText, { lead: true }), failed: true });
    }
  }

  return (
    <article className="api-access__hook" aria-labelledby={headingId}>
      <h4 id={headingId} className="api-access__url">
        {webhook.url}
      </h4>
      <dl className="api-access__facts">
        <dt>State</dt>
        <dd>
          {webhook.enabled ? (
            <span className="api-access__state api-access__state--on">Enabled</span>
          ) : (
            <span className="api-access__state api-access__state--off">
              Disabled{webhook.disabledReason ? `: ${webhook.disabledReason}` : ''}
            </span>
          )}
        </dd>
        {webhook.failingSince && (
          <>
            <dt>Failing since</dt>
            <dd>{formatDateTime(webhook.failingSince)}</dd>
          </>
        )}
        <dt>Last delivery</dt>
        <dd>{webhook.lastDeliveryAt ? formatDateTime(webhook.lastDeliveryAt) : 'none yet'}</dd>
        <dt>Events</dt>
        <dd>
          <ul className="wrap-list api-access__tags">
            {webhook.events.map((event) => (
              <li key={event}>
                <code>{event}</code>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {editing ? (
        <EditEventsForm
          organisationId={organisationId}
          webhook={webhook}
          onDone={(text) => {
            editOpener.returnFocus();
            setEditing(false);
            if (text) setSaid({ text, failed: false });
          }}
        />
      ) : (
        <div className="api-access__actions">
          {!webhook.enabled && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={update.isPending}
              onClick={() =>
                void run(
                  () => update.mutateAsync({ ...input, body: { enabled: true } }),
                  'Turned on again: events are sent to it from now on.',
                  'It could not be turned on again:',
                )
              }
            >
              Turn on again
            </button>
          )}
          <button
            ref={editOpener.ref}
            type="button"
            className="button button--secondary button--small"
            aria-label={`Edit the events of ${webhook.url}`}
            onClick={() => {
              setSaid(null);
              setEditing(true);
            }}
          >
            Edit events
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={test.isPending}
            aria-busy={test.isPending || undefined}
            onClick={() =>
              void run(
                async () => {
                  await test.mutateAsync(input);
                  setShowLog(true);
                },
                'Test event sent: its delivery is in the log below.',
                'The test event could not be sent:',
              )
            }
          >
            {test.isPending ? 'Sending...' : 'Send a test event'}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={showLog}
            onClick={() => setShowLog((shown) => !shown)}
          >
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={`Delete the webhook ${webhook.url}`}
            onClick={() =>
              void confirm({
                title: 'Delete this webhook?',
                message: `No more events are sent to ${webhook.url}, and its deliveries log goes with it. This cannot be undone.`,
                confirmLabel: 'Yes, delete',
                busyLabel: 'Deleting...',
                tone: 'danger',
                failureText: 'The webhook could not be deleted',
                action: () => remove.mutateAsync(input),
              })
            }
          >
            Delete
          </button>
        </div>
      )}
      <p className={said?.failed ? 'form__alert' : 'form__saved'} role={said?.failed ? 'alert' : 'status'}>
        {said?.text}
      </p>
      {showLog && <WebhookDeliveries organisationId={organisationId} hookId={webhook.id} />}
    </article>
  );
}

function EditEventsForm({
  organisationId,
  webhook,
  onDone,
}: {
  organisationId: string;
  webhook: Webhook;
  onDone: (text: string | null) => void;
}) {
  const update = useUpdateWebhook();
  const form = useSchemaForm({
    schema: updateWebhookBodySchema,
    initialValues: { events: webhook.events as readonly string[] },
    labels: { events: 'Events' },
  });
  return (
    <form
      ref={focusFirstField}
      className="form api-access__form"
      noValidate
      aria-label={`Events of ${webhook.url}`}
      onSubmit={form.handleSubmit(
        async (body) => {
          await update.mutateAsync({ organisationId, hookId: webhook.id, body });
          onDone('Events saved.');
        },
        { failureText: 'The events could not be saved' },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <EventChoices form={form} error={form.errors.events} />
      <div className="api-access__actions">
        <SaveRow label="Save events" busy={form.submitting} />
        <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

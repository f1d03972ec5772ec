import { useState } from 'react';
import {
  apiKeyRevocationSeconds,
  apiKeyScopeLabels,
  apiKeyScopes,
  createApiKeyBodySchema,
  maxApiKeysPerOrganisation,
  type ApiKey,
} from '@studio/shared/api-keys';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { FieldGroup, FormAlert, FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SaveRow } from '../../../components/saved-status.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { focusFirstField, SecretOnce, useFocusOnReturn } from './secret-once.tsx';

/** A revoked key stops working within this: said in words ('a minute'). */
const revocationText = apiKeyRevocationSeconds === 60 ? 'a minute' : `${apiKeyRevocationSeconds} seconds`;

/**
 * An organisation's API keys (#36): the list (never the keys themselves, only their first
 * characters), "New key" with a name and scopes, the new key shown once, and Revoke.
 */
export function ApiKeysPanel({ organisationId }: { organisationId: string }) {
  const keys = useApiKeys(organisationId);
  const revoke = useRevokeApiKey();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const opener = useFocusOnReturn();

  const columns: DataColumn<ApiKey>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (k) => k.name },
    {
      id: 'prefix',
      header: 'Key',
      cell: (k) => (
        <code className="api-access__code" aria-label={`starts with ${k.prefix}`}>
          {k.prefix}…
        </code>
      ),
    },
    {
      id: 'scopes',
      header: 'Scopes',
      cell: (k) => (
        <ul className="wrap-list api-access__tags">
          {k.scopes.map((scope) => (
            <li key={scope} title={apiKeyScopeLabels[scope]}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      cell: (k) => `${formatDate(k.createdAt)} by ${k.createdBy.name || 'a former owner'}`,
    },
    { id: 'used', header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'never') },
    {
      id: 'actions',
      header: 'Actions',
      label: '',
      cell: (k) => (
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={`Revoke the key ${k.name}`}
          onClick={() =>
            void confirm({
              title: `Revoke the key “${k.name}”?`,
              message: `Every program that calls with it (${k.prefix}…) is refused within ${revocationText}. This cannot be undone: make a new key to replace it.`,
              confirmLabel: 'Yes, revoke',
              busyLabel: 'Revoking...',
              tone: 'danger',
              failureText: 'The key could not be revoked',
              action: () => revoke.mutateAsync({ organisationId, keyId: k.id }),
            })
          }
        >
          Revoke
        </button>
      ),
    },
  ];

  return (
    <>
      <p>
        A key lets your own system (a PIM, a DAM, a shop) call the API for this organisation, with the scopes you give
        it. Send it as <code>Authorization: Bearer rsk_live_…</code>. Up to {maxApiKeysPerOrganisation} keys.
      </p>
      {created ? (
        <SecretOnce
          label={`Your new API key “${created.name}”`}
          value={created.key}
          what="this key"
          onDone={() => {
            opener.returnFocus();
            setCreated(null);
          }}
        />
      ) : creating ? (
        <NewKeyForm
          organisationId={organisationId}
          onCancel={() => {
            opener.returnFocus();
            setCreating(false);
          }}
          onCreated={(name, key) => {
            setCreating(false);
            setCreated({ name, key });
          }}
        />
      ) : (
        <button ref={opener.ref} type="button" className="button button--primary" onClick={() => setCreating(true)}>
          New key
        </button>
      )}
      <h3>Your keys</h3>
      <QueryState
        query={keys}
        loading="Loading the API keys..."
        empty="No API keys yet."
        error="The API keys could not be loaded."
      >
        {(rows) => <DataTable caption="API keys" columns={columns} rows={rows} rowKey={(k) => k.id} />}
      </QueryState>
    </>
  );
}

function NewKeyForm({
  organisationId,
  onCancel,
  onCreated,
}: {
  organisationId: string;
  onCancel: () => void;
  onCreated: (name: string, key: string) => void;
}) {
  const create = useCreateApiKey();
  const form = useSchemaForm({
    schema: createApiKeyBodySchema,
    initialValues: { name: '', scopes: [] as readonly string[] },
    labels: { name: 'Name', scopes: 'Scopes' },
  });
  return (
    <form
      ref={focusFirstField}
      className="form api-access__form"
      noValidate
      aria-label="New API key"
      onSubmit={form.handleSubmit(
        async (body) => {
          const { apiKey, key } = await create.mutateAsync({ organisationId, body });
          onCreated(apiKey.name, key);
        },
        { failureText: 'The key could not be made' },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField
        label="Name *"
        hint="The system that will use it, e.g. “Shop sync”."
        autoComplete="off"
        {...form.field('name')}
      />
      <FieldGroup legend="Scopes *" error={form.errors.scopes} className="api-access__choices">
        {apiKeyScopes.map((scope) => (
          <label key={scope} className="api-access__choice">
            <input {...form.option('scopes', scope)} />
            <span>
              <code>{scope}</code> {apiKeyScopeLabels[scope]}
            </span>
          </label>
        ))}
      </FieldGroup>
      <div className="api-access__actions">
        <SaveRow label="Make the key" busyLabel="Making..." busy={form.submitting} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

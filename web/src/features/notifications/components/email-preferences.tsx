import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Principal } from '@studio/shared/access';
import {
  notificationPreferencesFor,
  type NotificationKey,
  type NotificationPreference,
} from '@studio/shared/notifications';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SaveRow } from '../../../components/saved-status.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences.ts';
import type { Audience } from '../api/query-keys.ts';
import './email-preferences.css';

function PreferencesForm({
  audience,
  rows,
  loading = false,
}: {
  audience: Audience;
  rows: NotificationPreference[];
  /** The rows are the role's catalogue, held in place until the person's own switches arrive. */
  loading?: boolean;
}) {
  const [enabled, setEnabled] = useState<Record<string, boolean>>({});
  const update = useUpdateNotificationPreferences(audience);
  const { notice, show, dismiss } = useTimedNotice();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setEnabled(Object.fromEntries(rows.map((row) => [row.key, row.enabled])));
  }, [rows]);

  const optional = rows.filter((row) => !row.essential);
  const essential = rows.filter((row) => row.essential);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const preferences = Object.fromEntries(
      optional.map((row) => [row.key, enabled[row.key] ?? row.enabled]),
    ) as Partial<Record<NotificationKey, boolean>>;
    setSaved(false);
    dismiss();
    update.mutate(
      { preferences },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => show({ kind: 'error', text: apiErrorText(error, 'Your e-mail settings were not saved.') }),
      },
    );
  };

  return (
    <form className="form email-preferences" onSubmit={onSubmit} noValidate aria-busy={loading}>
      {optional.length > 0 && (
        <fieldset disabled={update.isPending || loading}>
          <legend>E-mails you can turn off</legend>
          {optional.map((row) => (
            <label key={row.key} className="email-preferences__option">
              <input
                type="checkbox"
                name={row.key}
                checked={enabled[row.key] ?? row.enabled}
                onChange={(event) => {
                  setSaved(false);
                  setEnabled((current) => ({ ...current, [row.key]: event.target.checked }));
                }}
              />
              {row.label}
            </label>
          ))}
        </fieldset>
      )}
      {essential.length > 0 && (
        <div className="email-preferences__essential">
          <h3>Always sent</h3>
          <ul>
            {essential.map((row) => (
              <li key={row.key}>{row.label}</li>
            ))}
          </ul>
          <p>These tell you about your orders, payments and account, so they cannot be turned off.</p>
        </div>
      )}
      {optional.length > 0 && (
        <SaveRow
          label="Save e-mail settings"
          busy={update.isPending}
          waiting={loading ? 'Loading your e-mail settings...' : undefined}
          savedText={saved ? 'Your e-mail settings are saved.' : null}
        />
      )}
      <Notice notice={notice} onDismiss={dismiss} reveal />
    </form>
  );
}

/**
 * The signed-in person's e-mail settings: a switch per e-mail they may turn off, and the list of
 * those that always go. The same screen in the client portal and the staff console. While the
 * person's switches load, their role's rows are shown disabled, so the page keeps its height and
 * what is below (the sessions' button) does not move when they arrive.
 */
export function EmailPreferences({ audience, principal }: { audience: Audience; principal: Principal }) {
  const preferences = useNotificationPreferences(audience);
  const placeholder = useMemo(() => notificationPreferencesFor(principal), [principal]);
  const loading = preferences.data === undefined;
  // One tree for both, so the rows the person sees are the ones that become theirs (focus stays).
  const rows = preferences.data ?? (preferences.isError ? undefined : placeholder);
  return (
    <QueryState query={{ ...preferences, data: rows }} error="Failed to load your e-mail settings.">
      {(shown) => <PreferencesForm audience={audience} rows={shown} loading={loading} />}
    </QueryState>
  );
}

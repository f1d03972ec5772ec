import { useEffect, useState, type FormEvent } from 'react';
import type { NotificationKey, NotificationPreference } from '@studio/shared/notifications';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SaveRow } from '../../../components/saved-status.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences.ts';
import type { Audience } from '../api/query-keys.ts';
import './email-preferences.css';

function PreferencesForm({ audience, rows }: { audience: Audience; rows: NotificationPreference[] }) {
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
    <form className="form email-preferences" onSubmit={onSubmit} noValidate>
      {optional.length > 0 && (
        <fieldset disabled={update.isPending}>
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
          savedText={saved ? 'Your e-mail settings are saved.' : null}
        />
      )}
      <Notice notice={notice} onDismiss={dismiss} reveal />
    </form>
  );
}

/**
 * The signed-in person's e-mail settings: a switch per e-mail they may turn off, and the list of
 * those that always go. The same screen in the client portal and the staff console.
 */
export function EmailPreferences({ audience }: { audience: Audience }) {
  const preferences = useNotificationPreferences(audience);
  return (
    <QueryState
      query={preferences}
      loading="Loading your e-mail settings..."
      error="Failed to load your e-mail settings."
    >
      {(rows) => <PreferencesForm audience={audience} rows={rows} />}
    </QueryState>
  );
}

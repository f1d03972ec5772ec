import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { JobOpening } from '@studio/shared/job-opening';
import { FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useAllJobOpenings } from '../api/job-openings.ts';
import { TextArea } from './service-forms.tsx';
import { ConfirmDelete, QueryState } from './staff-widgets.tsx';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function OpeningForm({ existing, onDone }: { existing?: JobOpening; onDone: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [imageUrl, setImageUrl] = useState(existing?.imageUrl ?? '');
  const [isActive, setIsActive] = useState(existing?.isActive ?? true);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !description.trim()) {
      setError('Title and description are required.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const body = { title, description, isActive, imageUrl: imageUrl.trim() || null };
      const { message } = existing
        ? await staffApiRequest('updateJobOpening', { params: { id: existing.id }, body })
        : await staffApiRequest('createJobOpening', { body });
      await queryClient.invalidateQueries({ queryKey: ['staff-job-openings'] });
      onDone(message);
    } catch (caught) {
      setError(
        apiErrorText(caught, 'Failed to save job opening. Please try again.', {
          lead: 'Failed to save job opening:',
          issues: 'only',
        }),
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form sc-form" onSubmit={(event) => void submit(event)} noValidate>
      {error && (
        <p className="form__alert" role="alert">
          {error}
        </p>
      )}
      <FormField label="Title *" value={title} maxLength={150} onChange={(e) => setTitle(e.target.value)} />
      <TextArea label="Description" required value={description} onChange={setDescription} />
      <FormField
        label="Image URL (optional)"
        type="url"
        value={imageUrl}
        onChange={(e) => setImageUrl(e.target.value)}
        hint="An https:// address, or a /media/images/... path from Upload Image."
      />
      <div className="form__check">
        <input
          id={`active-${existing?.id ?? 'new'}`}
          type="checkbox"
          checked={isActive}
          onChange={(e) => setIsActive(e.target.checked)}
        />
        <label htmlFor={`active-${existing?.id ?? 'new'}`}>Active (shown on the careers page)</label>
      </div>
      <div className="sc-actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Saving...' : existing ? 'Save' : 'Create job opening'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Job openings panel: title, description, status, posted date; create, edit, delete. */
export function JobPostingsManager() {
  const queryClient = useQueryClient();
  const openings = useAllJobOpenings();
  const { notice, show, dismiss } = useTimedNotice();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const list = openings.data ?? [];

  async function remove(id: string) {
    try {
      await staffApiRequest('deleteJobOpening', { params: { id } });
      show({ kind: 'success', text: 'Job opening deleted.' });
      await queryClient.invalidateQueries({ queryKey: ['staff-job-openings'] });
    } catch {
      show({ kind: 'error', text: 'Failed to delete job opening. Please try again.' });
    }
  }

  const done = (message: string | null) => {
    setEditing(null);
    if (message) show({ kind: 'success', text: message });
  };
  return (
    <div className="sc-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      {editing === 'new' ? (
        <div className="staff-card">
          <OpeningForm onDone={done} />
        </div>
      ) : (
        <div>
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            New job opening
          </button>
        </div>
      )}
      <QueryState isPending={openings.isPending} error={openings.error} retry={() => void openings.refetch()} />
      {openings.isSuccess && list.length === 0 && <p className="staff-empty">No job openings available</p>}
      {list.length > 0 && (
        <div className="sc-table-wrap">
          <table className="sc-table sc-table--cards">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Description</th>
                <th scope="col">Status</th>
                <th scope="col">Posted</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((opening) =>
                editing === opening.id ? (
                  <tr key={opening.id}>
                    <td colSpan={5}>
                      <OpeningForm existing={opening} onDone={done} />
                    </td>
                  </tr>
                ) : (
                  <tr key={opening.id}>
                    <td data-label="Title">
                      <strong>{opening.title}</strong>
                    </td>
                    <td data-label="Description">
                      {opening.description.length > 160 ? `${opening.description.slice(0, 160)}…` : opening.description}
                    </td>
                    <td data-label="Status">{opening.isActive ? 'Active' : 'Inactive'}</td>
                    <td data-label="Posted">{dateText(opening.postedDate)}</td>
                    <td data-label="Actions">
                      <div className="sc-actions">
                        <button
                          type="button"
                          className="button button--secondary sc-small"
                          onClick={() => setEditing(opening.id)}
                        >
                          Edit
                        </button>
                        <ConfirmDelete
                          question="Are you sure you want to delete this job opening?"
                          onConfirm={() => void remove(opening.id)}
                        />
                      </div>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

import { useState } from 'react';
import type { JobOpening } from '@studio/shared/job-opening';
import { RowActions } from '../../../components/row-actions.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useDeleteJobOpening } from '../api/delete-job-opening.ts';
import { useJobOpenings } from '../api/list-job-openings.ts';
import { OpeningForm } from './opening-form.tsx';
import '../../../components/staff-ui.css';

/** Job openings panel (spec §2): title, description, status, posted date; create, edit, delete. */
export function JobOpeningsManager() {
  const openings = useJobOpenings();
  const { notice, show, dismiss } = useTimedNotice();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<JobOpening | null>(null);
  const remove = useDeleteJobOpening();
  const confirmDelete = useConfirmDelete();
  const saved = (text: string) => {
    setCreating(false);
    setEditing(null);
    show({ kind: 'success', text });
  };

  async function askDelete(opening: JobOpening) {
    const deleted = await confirmDelete({
      title: 'Delete this job opening?',
      message: 'Are you sure you want to delete this job opening?',
      action: () => remove.mutateAsync(opening.id),
      failureText: 'Failed to delete job opening. Please try again.',
    });
    if (deleted) show({ kind: 'success', text: 'Job opening deleted.' });
  }

  const columns: DataColumn<JobOpening>[] = [
    { id: 'title', header: 'Title', rowHeader: true, width: '14rem', cell: (opening) => opening.title },
    {
      id: 'description',
      header: 'Description',
      cell: (opening) => <span className="staff-clamp">{opening.description}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      width: '6.5rem',
      cell: (opening) => (opening.isActive ? 'Active' : 'Inactive'),
    },
    {
      id: 'posted',
      header: 'Posted',
      width: '8rem',
      cell: (opening) => <time dateTime={opening.postedDate}>{formatDate(opening.postedDate)}</time>,
    },
    {
      id: 'actions',
      header: 'Actions',
      label: '',
      cell: (opening) => (
        <RowActions
          actions={[
            { label: 'Edit', onClick: () => setEditing(opening) },
            { label: 'Delete', tone: 'danger', onClick: () => void askDelete(opening) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="staff-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      {creating ? (
        <div className="staff-card">
          <OpeningForm onSaved={saved} onCancel={() => setCreating(false)} />
        </div>
      ) : (
        <div>
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            New job opening
          </button>
        </div>
      )}
      <QueryState query={openings} loading="Loading job openings..." empty="No job openings available">
        {(list) => <DataTable caption="Job openings" columns={columns} rows={list} rowKey={(opening) => opening.id} />}
      </QueryState>
      {editing && (
        <Dialog title={`Edit ${editing.title}`} onClose={() => setEditing(null)} closeButton className="dialog--wide">
          <OpeningForm existing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
        </Dialog>
      )}
    </div>
  );
}

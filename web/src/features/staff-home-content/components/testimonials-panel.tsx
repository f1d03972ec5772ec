import { useId, useState } from 'react';
import type { Testimonial } from '@studio/shared/testimonial';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeleteTestimonial } from '../api/delete-testimonial.ts';
import { useTestimonials } from '../api/list-testimonials.ts';
import { useReorderTestimonials } from '../api/reorder-testimonials.ts';
import { TestimonialForm } from './testimonial-form.tsx';
import { moveEntry, orderedActionsColumn } from './reorder.tsx';
import '../../../components/staff-ui.css';

/** The home page's testimonials: add, edit (in a dialog), reorder, delete. */
export function TestimonialsPanel() {
  const headingId = useId();
  const testimonials = useTestimonials();
  const { notice, show, dismiss } = useTimedNotice();
  const [editing, setEditing] = useState<Testimonial | null>(null);
  const remove = useDeleteTestimonial();
  const reorder = useReorderTestimonials();
  const confirmDelete = useConfirmDelete();

  const move = moveEntry(reorder, show, {
    done: 'Testimonials reordered.',
    failed: 'Failed to reorder the testimonials.',
  });

  async function askDelete(testimonial: Testimonial) {
    const deleted = await confirmDelete({
      title: `Delete the testimonial by ${testimonial.author}?`,
      message: 'Are you sure you want to delete this testimonial?',
      action: () => remove.mutateAsync(testimonial.id),
      failureText: 'Failed to delete the testimonial.',
    });
    if (deleted) show({ kind: 'success', text: 'Testimonial deleted.' });
  }

  const columns = (list: readonly Testimonial[]): DataColumn<Testimonial>[] => [
    { id: 'author', header: 'Author', rowHeader: true, width: '10rem', cell: (t) => t.author },
    { id: 'position', header: 'Position', width: '10rem', cell: (t) => t.position || '—' },
    { id: 'text', header: 'Testimonial', cell: (t) => `“${t.text}”` },
    orderedActionsColumn(list, move, reorder.isPending, (testimonial) => ({
      name: `testimonial by ${testimonial.author}`,
      actions: [
        { label: 'Edit', onClick: () => setEditing(testimonial) },
        { label: 'Delete', tone: 'danger', onClick: () => void askDelete(testimonial) },
      ],
    })),
  ];

  return (
    <section className="staff-card staff-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Testimonials</h2>
      <Notice notice={notice} onDismiss={dismiss} />
      <TestimonialForm onSaved={(text) => show({ kind: 'success', text })} />
      <QueryState query={testimonials} loading="Loading testimonials..." empty="No testimonials yet.">
        {(list) => <DataTable caption="Testimonials" columns={columns(list)} rows={list} rowKey={(t) => t.id} />}
      </QueryState>
      {editing && (
        <Dialog title={`Edit the testimonial by ${editing.author}`} onClose={() => setEditing(null)} closeButton>
          <TestimonialForm
            existing={editing}
            onCancel={() => setEditing(null)}
            onSaved={(text) => {
              setEditing(null);
              show({ kind: 'success', text });
            }}
          />
        </Dialog>
      )}
    </section>
  );
}

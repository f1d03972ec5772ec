import { useState } from 'react';
import type { ServiceRef } from '@studio/shared/carousel';
import type { GalleryItem } from '@studio/shared/gallery';
import { RowActions } from '../../../components/row-actions.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { Notice, useTimedNotice, type NoticeState } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useDeleteGalleryItem } from '../api/delete-gallery-item.ts';
import { useGalleryItems } from '../api/list-gallery-items.ts';
import { useServices } from '../api/list-services.ts';
import { GalleryItemForm } from './gallery-item-form.tsx';
import '../../../components/staff-ui.css';

/** Gallery Items Management (spec §2): filter by service, add (toggled), edit one at a time, delete. */
export function GalleryManager() {
  const services = useServices();
  return (
    <QueryState query={services} loading="Loading gallery items..." isEmpty={() => false}>
      {(list) => <GalleryBoard services={list} />}
    </QueryState>
  );
}

function GalleryBoard({ services }: { services: readonly ServiceRef[] }) {
  const items = useGalleryItems();
  const { notice, show, dismiss } = useTimedNotice();
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useDeleteGalleryItem();
  const confirmDelete = useConfirmDelete();
  const all = items.data ?? [];
  const shown = (list: readonly GalleryItem[]) => (filter ? list.filter((item) => item.service.id === filter) : list);
  const saved = (next: NoticeState) => {
    show(next);
    setAdding(false);
    setEditing(null);
  };

  async function askDelete(item: GalleryItem) {
    const deleted = await confirmDelete({
      title: 'Delete this gallery item?',
      message: 'Are you sure you want to delete this gallery item?',
      action: () => remove.mutateAsync(item.id),
      failureText: 'Failed to delete gallery item',
    });
    if (deleted) show({ kind: 'success', text: 'Gallery item deleted successfully!' });
  }

  return (
    <div className="staff-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      <div>
        <button
          type="button"
          className="button button--primary"
          aria-expanded={adding}
          onClick={() => {
            setAdding((open) => !open);
            setEditing(null);
          }}
        >
          {adding ? 'Cancel' : 'Add New Gallery Item'}
        </button>
      </div>
      {adding && (
        <div className="staff-card">
          <GalleryItemForm
            mode="add"
            services={services}
            items={all}
            onSaved={(text) => saved({ kind: 'success', text })}
            onCancel={() => setAdding(false)}
          />
        </div>
      )}
      <div className="form staff-form">
        <SelectField
          label="Filter by service"
          placeholder="All services"
          options={services.map((service) => ({ value: service.id, label: service.name }))}
          hint="The whole gallery is loaded; this shows one service's items."
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <QueryState
        query={items}
        loading="Loading gallery items..."
        isEmpty={(list) => shown(list).length === 0}
        empty={filter ? 'No gallery items found for the selected service.' : 'No gallery items available.'}
      >
        {(list) => (
          <ul className="grid-list" aria-label="Gallery items">
            {shown(list).map((item) =>
              editing === item.id ? (
                <li key={item.id} className="staff-tile staff-tile--wide">
                  <GalleryItemForm
                    mode="edit"
                    services={services}
                    items={all}
                    existing={item}
                    onSaved={(text) => saved({ kind: 'success', text })}
                    onCancel={() => setEditing(null)}
                  />
                </li>
              ) : (
                <li key={item.id} className="staff-tile">
                  <img src={item.afterImage} alt={`${item.title} (after)`} width={320} height={144} loading="lazy" />
                  <h2>{item.title}</h2>
                  <p className="staff-muted">
                    {item.service.name} · Order: {item.displayOrder}
                  </p>
                  {item.description && <p className="staff-muted">{item.description}</p>}
                  <RowActions
                    actions={[
                      {
                        label: 'Edit',
                        onClick: () => {
                          setEditing(item.id);
                          setAdding(false);
                        },
                      },
                      { label: 'Delete', tone: 'danger', onClick: () => void askDelete(item) },
                    ]}
                  />
                </li>
              ),
            )}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

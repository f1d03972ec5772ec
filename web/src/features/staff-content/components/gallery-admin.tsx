import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { GalleryItem } from '@studio/shared/gallery';
import type { Service } from '@studio/shared/service';
import { FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice, type NoticeState } from '../../../components/notice.tsx';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useStaffServices } from '../api/catalogue.ts';
import { useGalleryItems } from '../api/gallery.ts';
import { TextArea } from './service-forms.tsx';
import {
  ConfirmDelete,
  ImageUploadField,
  QueryState,
  ServiceSelect,
  slotBusy,
  slotUrl,
  type ImageSlot,
} from './staff-widgets.tsx';

const empty: ImageSlot = { state: 'empty' };

/** The next free position of a service's gallery: max + 1, or 1 when it has none (spec §4). */
export function nextDisplayOrder(items: GalleryItem[], serviceId: string): number {
  return (
    items.filter((item) => item.service.id === serviceId).reduce((max, item) => Math.max(max, item.displayOrder), 0) + 1
  );
}

/** Add or edit one gallery item. Without `withOrder` (the showcase page) items go to the end. */
function GalleryItemForm({
  services,
  items,
  existing,
  withOrder,
  onSaved,
  onCancel,
  messages,
}: {
  services: Service[];
  items: GalleryItem[];
  existing?: GalleryItem;
  withOrder: boolean;
  onSaved: (notice: NoticeState) => void;
  onCancel?: () => void;
  messages: { missing: string; failed: string };
}) {
  const queryClient = useQueryClient();
  const [serviceId, setServiceId] = useState(existing?.service.id ?? '');
  const [title, setTitle] = useState(existing?.title ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [order, setOrder] = useState(existing ? String(existing.displayOrder) : '');
  const [before, setBefore] = useState<ImageSlot>(empty);
  const [after, setAfter] = useState<ImageSlot>(empty);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const beforeImage = slotUrl(before);
    const afterImage = slotUrl(after);
    if (!serviceId || !title.trim() || (withOrder && !(Number(order) >= 1))) {
      setError(messages.missing);
      return;
    }
    if (!existing && (!beforeImage || !afterImage)) {
      setError(withOrder ? 'Both before and after images are required' : messages.missing);
      return;
    }
    setSending(true);
    try {
      if (existing) {
        const { message } = await staffApiRequest('updateGalleryItem', {
          params: { id: existing.id },
          body: { serviceId, title, description, displayOrder: Number(order), beforeImage, afterImage },
        });
        onSaved({ kind: 'success', text: message });
      } else {
        const { message } = await staffApiRequest('createGalleryItem', {
          body: {
            serviceId,
            title,
            description,
            beforeImage: beforeImage!,
            afterImage: afterImage!,
            ...(withOrder ? { displayOrder: Number(order) } : {}),
          },
        });
        onSaved({ kind: 'success', text: withOrder ? message : 'Gallery entry created successfully!' });
        setTitle('');
        setDescription('');
        setBefore(empty);
        setAfter(empty);
      }
      await queryClient.invalidateQueries({ queryKey: ['gallery-items'] });
    } catch (caught) {
      setError(apiErrorText(caught, messages.failed, { lead: `${messages.failed}:`, issues: 'only' }));
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
      <ServiceSelect
        label="Service"
        required
        value={serviceId}
        services={services}
        placeholder="Select a service"
        onChange={(value) => {
          setServiceId(value);
          if (withOrder && !existing) setOrder(value ? String(nextDisplayOrder(items, value)) : '');
        }}
      />
      <FormField label="Title *" value={title} maxLength={150} onChange={(e) => setTitle(e.target.value)} />
      <TextArea label="Description (optional)" value={description} maxLength={2000} onChange={setDescription} />
      {withOrder && (
        <FormField
          label="Display order *"
          type="number"
          min={1}
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          hint="Items at this position and after move down by one."
        />
      )}
      <div className="form__row">
        <ImageUploadField
          label={existing ? 'New before image (optional)' : 'Before image'}
          required={!existing}
          slot={before}
          onChange={setBefore}
          current={existing?.beforeImage}
        />
        <ImageUploadField
          label={existing ? 'New after image (optional)' : 'After image'}
          required={!existing}
          slot={after}
          onChange={setAfter}
          current={existing?.afterImage}
        />
      </div>
      <div className="sc-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={sending || slotBusy(before) || slotBusy(after)}
        >
          {sending ? 'Saving...' : existing ? 'Save' : withOrder ? 'Add Item' : 'Create Gallery Entry'}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Add Gallery Showcase: a before/after item appended to its service's gallery. */
export function GalleryShowcaseForm() {
  const services = useStaffServices();
  const items = useGalleryItems();
  const { notice, show, dismiss } = useTimedNotice();
  if (services.isError)
    return (
      <p className="form__alert" role="alert">
        Failed to load services
      </p>
    );
  return (
    <div className="staff-card sc-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      {services.isPending ? (
        <p role="status">Loading...</p>
      ) : (
        <GalleryItemForm
          services={services.data ?? []}
          items={items.data ?? []}
          withOrder={false}
          onSaved={show}
          messages={{ missing: 'Please fill all required fields', failed: 'Failed to create gallery entry' }}
        />
      )}
    </div>
  );
}

/** Gallery Items Management: filter by service, add (toggled), edit one at a time, delete. */
export function GalleryManager() {
  const queryClient = useQueryClient();
  const services = useStaffServices();
  const items = useGalleryItems();
  const { notice, show, dismiss } = useTimedNotice();
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  async function remove(id: string) {
    try {
      await staffApiRequest('deleteGalleryItem', { params: { id } });
      show({ kind: 'success', text: 'Gallery item deleted successfully!' });
      await queryClient.invalidateQueries({ queryKey: ['gallery-items'] });
    } catch (error) {
      show({
        kind: 'error',
        text: apiErrorText(error, 'Failed to delete gallery item', {
          lead: 'Failed to delete gallery item:',
          issues: 'only',
        }),
      });
    }
  }

  const all = items.data ?? [];
  const shown = filter ? all.filter((item) => item.service.id === filter) : all;
  const serviceList = services.data ?? [];
  return (
    <div className="sc-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      <div className="sc-actions sc-actions--end">
        <ServiceSelect
          label="Filter by service"
          value={filter}
          onChange={setFilter}
          services={serviceList}
          placeholder="All services"
        />
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
            services={serviceList}
            items={all}
            withOrder
            onSaved={(next) => {
              show(next);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
            messages={{ missing: 'Please fill all required fields', failed: 'Failed to add gallery item' }}
          />
        </div>
      )}
      <QueryState
        isPending={items.isPending || services.isPending}
        error={items.error ?? services.error}
        retry={() => void Promise.all([items.refetch(), services.refetch()])}
      />
      {items.isSuccess && shown.length === 0 && (
        <p className="staff-empty">
          {filter ? 'No gallery items found for the selected service.' : 'No gallery items available.'}
        </p>
      )}
      <ul className="sc-grid">
        {shown.map((item) =>
          editing === item.id ? (
            <li key={item.id} className="sc-card" style={{ gridColumn: '1 / -1' }}>
              <GalleryItemForm
                services={serviceList}
                items={all}
                existing={item}
                withOrder
                onSaved={(next) => {
                  show(next);
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
                messages={{ missing: 'Please fill all required fields', failed: 'Failed to update gallery item' }}
              />
            </li>
          ) : (
            <li key={item.id} className="sc-card">
              <img src={item.afterImage} alt={`${item.title} (after)`} width={320} height={144} loading="lazy" />
              <h2>{item.title}</h2>
              <p className="sc-muted">
                {item.service.name} · Order: {item.displayOrder}
              </p>
              {item.description && <p className="sc-muted">{item.description}</p>}
              <div className="sc-actions">
                <button
                  type="button"
                  className="button button--secondary sc-small"
                  onClick={() => {
                    setEditing(item.id);
                    setAdding(false);
                  }}
                >
                  Edit
                </button>
                <ConfirmDelete
                  question="Are you sure you want to delete this gallery item?"
                  onConfirm={() => void remove(item.id)}
                />
              </div>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CarouselImage } from '@studio/shared/carousel';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useStaffServices } from '../api/catalogue.ts';
import { uploadCatalogImage } from '../api/images.ts';
import { useServiceImages } from '../api/service-images.ts';
import { ConfirmDelete, QueryState, ServiceSelect, UploadProgress } from './staff-widgets.tsx';

/** `1536000` -> `1.46 MB` (spec: size in MB to two decimals). */
export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/** Moves the item at `from` to `to`, shifting the others: the new order of ids. */
export function moveId(ids: string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

function ImageCard({
  image,
  index,
  count,
  selected,
  busy,
  dragging,
  dropTarget,
  onToggle,
  onMove,
  onDragStart,
  onDragOver,
  onDrop,
  onDragEnd,
}: {
  image: CarouselImage;
  index: number;
  count: number;
  selected: boolean;
  busy: boolean;
  dragging: boolean;
  dropTarget: boolean;
  onToggle: () => void;
  onMove: (to: number) => void;
  onDragStart: () => void;
  onDragOver: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
}) {
  const [broken, setBroken] = useState(false);
  const checkId = useId();
  return (
    <li
      className="sc-card"
      draggable={!busy}
      data-dragging={dragging}
      data-drop-target={dropTarget}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', image.id);
        onDragStart();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        onDragOver();
      }}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
      onDragEnd={onDragEnd}
    >
      {broken ? (
        <div className="sc-card__broken">Image not found</div>
      ) : (
        <img
          src={image.imageUrl}
          alt={image.imageName}
          width={320}
          height={144}
          loading="lazy"
          onError={() => setBroken(true)}
        />
      )}
      <div className="form__check">
        <input id={checkId} type="checkbox" checked={selected} onChange={onToggle} disabled={busy} />
        <label htmlFor={checkId}>{image.imageName}</label>
      </div>
      <p className="sc-muted">Order: {image.order}</p>
      <div className="sc-actions">
        <button
          type="button"
          className="button button--secondary sc-small"
          disabled={busy || index === 0}
          aria-label={`Move ${image.imageName} earlier`}
          onClick={() => onMove(index - 1)}
        >
          ↑ Earlier
        </button>
        <button
          type="button"
          className="button button--secondary sc-small"
          disabled={busy || index === count - 1}
          aria-label={`Move ${image.imageName} later`}
          onClick={() => onMove(index + 1)}
        >
          ↓ Later
        </button>
      </div>
    </li>
  );
}

/** Service Images Manager (/mangageImageCaraousal), with the spec's texts. */
export function ServiceImagesManager() {
  const queryClient = useQueryClient();
  const services = useStaffServices();
  const [serviceId, setServiceId] = useState('');
  const images = useServiceImages(serviceId);
  const { notice, show, dismiss } = useTimedNotice();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const fileInputId = useId();
  const list = images.data ?? [];
  const refetch = () => queryClient.invalidateQueries({ queryKey: ['service-images', 'staff', serviceId] });

  async function upload() {
    if (!serviceId) return show({ kind: 'error', text: 'Please select a service' });
    if (files.length === 0) return show({ kind: 'error', text: 'Please select at least one image' });
    setBusy(true);
    try {
      const uploaded: { imageUrl: string; imageName: string }[] = [];
      for (const [index, file] of files.entries()) {
        const imageUrl = await uploadCatalogImage(file, (percent) => setProgress((p) => ({ ...p, [index]: percent })));
        uploaded.push({ imageUrl, imageName: file.name.slice(0, 200) });
      }
      await staffApiRequest('bulkInsertServiceImages', { body: { serviceId, images: uploaded } });
      show({ kind: 'success', text: 'Images uploaded successfully!' });
      setFiles([]);
      setProgress({});
      const input = document.getElementById(fileInputId) as HTMLInputElement | null;
      if (input) input.value = '';
    } catch (error) {
      show({ kind: 'error', text: apiErrorText(error, 'Error uploading images', { lead: 'Error:', issues: 'only' }) });
    } finally {
      setBusy(false);
      await refetch();
    }
  }

  async function removeSelected() {
    setBusy(true);
    try {
      await staffApiRequest('bulkDeleteServiceImages', { body: { serviceId, imageIds: [...selected] } });
      show({ kind: 'success', text: 'Images deleted successfully!' });
      setSelected(new Set());
    } catch (error) {
      show({ kind: 'error', text: apiErrorText(error, 'Error deleting images', { lead: 'Error:', issues: 'only' }) });
    } finally {
      setBusy(false);
      await refetch();
    }
  }

  async function reorder(from: number, to: number) {
    if (from === to || to < 0 || to >= list.length) return;
    const ids = moveId(
      list.map((image) => image.id),
      from,
      to,
    );
    setBusy(true);
    try {
      await staffApiRequest('reorderServiceImages', {
        body: { serviceId, imageOrders: ids.map((id, index) => ({ id, order: index + 1 })) },
      });
    } catch (error) {
      show({
        kind: 'error',
        text: apiErrorText(error, 'Error reordering images', { lead: 'Error reordering:', issues: 'only' }),
      });
    } finally {
      setBusy(false);
      // The list is read again after a reorder, whether it worked or not (spec §4).
      await refetch();
    }
  }

  const allSelected = list.length > 0 && list.every((image) => selected.has(image.id));
  return (
    <div className="sc-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      <div className="staff-card form">
        <ServiceSelect
          label="Service"
          value={serviceId}
          services={services.data ?? []}
          onChange={(value) => {
            setServiceId(value);
            setSelected(new Set());
          }}
        />
        {services.isError && (
          <p className="form__alert" role="alert">
            Failed to load services
          </p>
        )}
        <div className="form__field">
          <label htmlFor={fileInputId}>Images to upload</label>
          <input
            id={fileInputId}
            type="file"
            accept="image/*"
            multiple
            disabled={busy}
            onChange={(event) => {
              setFiles([...(event.target.files ?? [])]);
              setProgress({});
            }}
          />
        </div>
        {files.length > 0 && (
          <div>
            <p>
              {files.length} {files.length === 1 ? 'image' : 'images'} selected
            </p>
            <ul className="sc-file-list">
              {files.map((file, index) =>
                progress[index] !== undefined ? (
                  <li key={`${file.name}-${index}`}>
                    <UploadProgress label={`${file.name} (${megabytes(file.size)})`} percent={progress[index]} />
                  </li>
                ) : (
                  <li key={`${file.name}-${index}`}>
                    {file.name} ({megabytes(file.size)})
                  </li>
                ),
              )}
            </ul>
          </div>
        )}
        <div>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void upload()}>
            {busy && files.length > 0 ? 'Uploading...' : `Upload ${files.length} Images`}
          </button>
        </div>
      </div>

      {serviceId && (
        <section className="sc-stack" aria-label="Images of the service">
          <QueryState isPending={images.isPending} error={images.error} retry={() => void images.refetch()} />
          {images.isSuccess && list.length === 0 && (
            <p className="staff-empty">No images found for this service. Upload some images to get started.</p>
          )}
          {list.length > 0 && (
            <>
              <div className="sc-actions">
                <span>{list.length} images · drag a card, or use Earlier / Later, to change the order</span>
                <button
                  type="button"
                  className="button button--secondary sc-small"
                  disabled={busy}
                  onClick={() => setSelected(allSelected ? new Set() : new Set(list.map((image) => image.id)))}
                >
                  {allSelected ? 'Deselect all' : 'Select all'}
                </button>
                {selected.size === 0 ? (
                  <button
                    type="button"
                    className="button button--danger sc-small"
                    disabled={busy}
                    onClick={() => show({ kind: 'error', text: 'Please select images to delete' })}
                  >
                    Delete Selected (0)
                  </button>
                ) : (
                  <ConfirmDelete
                    label={`Delete Selected (${selected.size})`}
                    question={`Are you sure you want to delete ${selected.size} images?`}
                    disabled={busy}
                    onConfirm={() => void removeSelected()}
                  />
                )}
              </div>
              <ol className="sc-grid">
                {list.map((image, index) => (
                  <ImageCard
                    key={image.id}
                    image={image}
                    index={index}
                    count={list.length}
                    busy={busy}
                    selected={selected.has(image.id)}
                    dragging={dragFrom === index}
                    dropTarget={dragOver === index && dragFrom !== index}
                    onToggle={() =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (next.has(image.id)) next.delete(image.id);
                        else next.add(image.id);
                        return next;
                      })
                    }
                    onMove={(to) => void reorder(index, to)}
                    onDragStart={() => setDragFrom(index)}
                    onDragOver={() => setDragOver(index)}
                    onDrop={() => {
                      if (dragFrom !== null) void reorder(dragFrom, index);
                      setDragFrom(null);
                      setDragOver(null);
                    }}
                    onDragEnd={() => {
                      setDragFrom(null);
                      setDragOver(null);
                    }}
                  />
                ))}
              </ol>
            </>
          )}
        </section>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import type { CarouselImage } from '@studio/shared/carousel';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { MoveButtons } from '../../../components/move-buttons.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { moveItem } from '../../../lib/move-item.ts';
import type { useDeleteServiceImages } from '../api/delete-service-images.ts';
import type { useReorderServiceImages } from '../api/reorder-service-images.ts';

/** One image: picture ('Image not found' if it fails to load), checkbox, 'Order: n', move buttons. */
function ImageCard({
  image,
  index,
  count,
  selected,
  busy,
  drag,
  onToggle,
  onMove,
}: {
  image: CarouselImage;
  index: number;
  count: number;
  selected: boolean;
  busy: boolean;
  drag: {
    from: number | null;
    over: number | null;
    start: (index: number) => void;
    enter: (index: number) => void;
    drop: (index: number) => void;
    end: () => void;
  };
  onToggle: () => void;
  onMove: (to: number) => void;
}) {
  const [broken, setBroken] = useState(false);
  const checkId = useId();
  return (
    <li
      className="staff-tile staff-image-card"
      draggable={!busy}
      data-dragging={drag.from === index}
      data-drop-target={drag.over === index && drag.from !== index}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', image.id);
        drag.start(index);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        drag.enter(index);
      }}
      onDrop={(event) => {
        event.preventDefault();
        drag.drop(index);
      }}
      onDragEnd={drag.end}
    >
      {broken ? (
        <div className="staff-tile__broken">Image not found</div>
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
      <p className="staff-muted">Order: {image.order}</p>
      <div className="staff-actions">
        <MoveButtons
          name={image.imageName}
          index={index}
          count={count}
          disabled={busy}
          onMove={onMove}
          words={{ earlier: 'earlier', later: 'later' }}
          text={{ earlier: '↑ Earlier', later: '↓ Later' }}
        />
      </div>
    </li>
  );
}

/**
 * The images of one service in order (spec §2): select some or all and delete them (asked first),
 * and change the order by dragging a card or with its Earlier / Later buttons.
 */
export function ServiceImageGrid({
  serviceId,
  images,
  changes: { remove, reorder },
  busy,
  onNotice,
}: {
  serviceId: string;
  images: readonly CarouselImage[];
  /** The page's delete and reorder: the page knows when any of its changes runs. */
  changes: {
    remove: ReturnType<typeof useDeleteServiceImages>;
    reorder: ReturnType<typeof useReorderServiceImages>;
  };
  /** While a change of the page runs (spec §4's busy flag): nothing else can start. */
  busy: boolean;
  onNotice: (notice: NoticeState) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const confirmDelete = useConfirmDelete();
  // Only images still in the list count as selected (another change may have removed some).
  const chosen = images.filter((image) => selected.has(image.id)).map((image) => image.id);
  const allSelected = chosen.length === images.length;

  async function askDelete() {
    if (chosen.length === 0) return onNotice({ kind: 'error', text: 'Please select images to delete' });
    const deleted = await confirmDelete({
      title: 'Delete these images?',
      message: `Are you sure you want to delete ${chosen.length} images?`,
      action: () => remove.mutateAsync({ serviceId, imageIds: chosen }),
      failureText: 'Error deleting images',
    });
    if (!deleted) return;
    setSelected(new Set());
    onNotice({ kind: 'success', text: 'Images deleted successfully!' });
  }

  function move(from: number, to: number) {
    if (from === to || to < 0 || to >= images.length) return;
    const ids = moveItem(
      images.map((image) => image.id),
      from,
      to,
    );
    reorder.mutate(
      { serviceId, ids },
      {
        onError: (error) =>
          onNotice({
            kind: 'error',
            text: apiErrorText(error, 'Error reordering images', { lead: 'Error reordering:', issues: 'only' }),
          }),
      },
    );
  }

  const drag = {
    from: dragFrom,
    over: dragOver,
    start: setDragFrom,
    enter: setDragOver,
    drop: (index: number) => {
      if (dragFrom !== null) move(dragFrom, index);
      setDragFrom(null);
      setDragOver(null);
    },
    end: () => {
      setDragFrom(null);
      setDragOver(null);
    },
  };

  return (
    <>
      <div className="staff-actions">
        <span>{images.length} images · drag a card, or use Earlier / Later, to change the order</span>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => setSelected(allSelected ? new Set() : new Set(images.map((image) => image.id)))}
        >
          {allSelected ? 'Deselect all' : 'Select all'}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={busy}
          onClick={() => void askDelete()}
        >
          Delete Selected ({chosen.length})
        </button>
      </div>
      <ol className="grid-list" aria-label="Images in order">
        {images.map((image, index) => (
          <ImageCard
            key={image.id}
            image={image}
            index={index}
            count={images.length}
            busy={busy}
            selected={selected.has(image.id)}
            drag={drag}
            onToggle={() =>
              setSelected((current) => {
                const next = new Set(current);
                if (next.has(image.id)) next.delete(image.id);
                else next.add(image.id);
                return next;
              })
            }
            onMove={(to) => move(index, to)}
          />
        ))}
      </ol>
    </>
  );
}

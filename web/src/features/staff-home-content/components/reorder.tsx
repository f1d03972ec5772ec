import type { UseMutationResult } from '@tanstack/react-query';
import type { DataColumn } from '../../../components/data-table.tsx';
import { MoveButtons } from '../../../components/move-buttons.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { RowActions, type RowAction } from '../../../components/row-actions.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { moveItem } from '../../../lib/move-item.ts';

/**
 * Moves one entry of a home-page list (a slide, a testimonial) and says how it went: every id is
 * sent in the new order (the routes rewrite the whole order at once).
 */
export function moveEntry(
  reorder: UseMutationResult<unknown, Error, readonly string[]>,
  show: (notice: NoticeState) => void,
  texts: { done: string; failed: string },
) {
  return (list: readonly { id: string }[], from: number, to: number) =>
    reorder.mutate(
      moveItem(
        list.map((entry) => entry.id),
        from,
        to,
      ),
      {
        onSuccess: () => show({ kind: 'success', text: texts.done }),
        onError: (error) => show({ kind: 'error', text: apiErrorText(error, texts.failed, { issues: 'only' }) }),
      },
    );
}

/**
 * The last column of a home-page list: the row's own buttons (`actions`), then the buttons that
 * move it up and down (named `Move {name} up`), off while a move is being saved.
 */
export function orderedActionsColumn<Row extends { id: string }>(
  list: readonly Row[],
  move: ReturnType<typeof moveEntry>,
  moving: boolean,
  row: (entry: Row, index: number) => { name: string; actions: RowAction[] },
): DataColumn<Row> {
  return {
    id: 'actions',
    header: 'Actions',
    label: '',
    cell: (entry) => {
      const index = list.indexOf(entry);
      const { name, actions } = row(entry, index);
      return (
        <RowActions actions={actions}>
          <MoveButtons
            name={name}
            index={index}
            count={list.length}
            disabled={moving}
            onMove={(to) => move(list, index, to)}
          />
        </RowActions>
      );
    },
  };
}

import type { UseMutationResult } from '@tanstack/react-query';
import type { NoticeState } from '../../../components/notice.tsx';
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

/*
 * Moving between the cards of the review grid with the keyboard (issue 34): the arrows move one
 * card (up and down by a row of the grid as it is drawn), Home and End to the first and last card.
 */

/** The card to focus after `key` from card `index` of `count` in `columns` columns, or null for another key. */
export function gridMove(key: string, index: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const across = Math.max(1, columns);
  const to = (next: number) => Math.min(count - 1, Math.max(0, next));
  switch (key) {
    case 'ArrowRight':
      return to(index + 1);
    case 'ArrowLeft':
      return to(index - 1);
    case 'ArrowDown':
      return index + across < count ? index + across : index;
    case 'ArrowUp':
      return index - across >= 0 ? index - across : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The decision keys of a focused card: A approves, R starts a rejection, Enter opens the viewer. */
export type CardCommand = 'open' | 'approve' | 'reject' | 'undo';

export function cardCommand(
  key: string,
  modifiers: { ctrl: boolean; meta: boolean; alt: boolean },
): CardCommand | null {
  if (modifiers.ctrl || modifiers.meta || modifiers.alt) return null;
  if (key === 'Enter') return 'open';
  if (key === 'a' || key === 'A') return 'approve';
  if (key === 'r' || key === 'R') return 'reject';
  if (key === 'u' || key === 'U') return 'undo';
  return null;
}

/** Columns of a grid as drawn: the cards whose top is the first card's. */
export function drawnColumns(cards: readonly { top: number }[]): number {
  if (cards.length === 0) return 1;
  const first = cards[0]!.top;
  return Math.max(1, cards.filter((card) => Math.abs(card.top - first) < 2).length);
}

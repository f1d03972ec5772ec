/**
 * Moves the item at `from` to `to`, shifting the ones between: the list in its new order, e.g. the
 * ids a reorder sends (`moveItem(['a', 'b', 'c'], 2, 0)` is `['c', 'a', 'b']`).
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

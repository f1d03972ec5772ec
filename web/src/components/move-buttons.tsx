/**
 * Two buttons that move an item of an ordered list one place earlier or later: the keyboard's way
 * to reorder (dragging needs a pointer). Disabled at the ends and while `disabled`.
 *
 * @example <MoveButtons name="slide 2" index={1} count={5} onMove={(to) => reorder(1, to)} />
 *   buttons 'Move slide 2 up' / 'Move slide 2 down', showing ↑ and ↓
 */
export function MoveButtons({
  name,
  index,
  count,
  disabled = false,
  onMove,
  words = { earlier: 'up', later: 'down' },
  text = { earlier: '↑', later: '↓' },
}: {
  /** What moves, in the buttons' names: `Move {name} {words.earlier}`. */
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (to: number) => void;
  words?: { earlier: string; later: string };
  /** What the buttons show. */
  text?: { earlier: string; later: string };
}) {
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`Move ${name} ${words.earlier}`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index - 1)}
      >
        {text.earlier}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`Move ${name} ${words.later}`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        {text.later}
      </button>
    </>
  );
}

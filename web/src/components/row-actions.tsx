import type { ReactNode } from 'react';
import './staff-ui.css';

/** One button of a row or tile: what it says and does; `danger` for a delete. */
export interface RowAction {
  label: string;
  onClick: () => void;
  tone?: 'danger';
  /** Its accessible name where the label alone is ambiguous (e.g. `Delete <name>`). */
  ariaLabel?: string;
}

/**
 * The small buttons of a table row or a tile, on one line (the column takes the width they need):
 * `children` first (e.g. `MoveButtons`), then `actions` in order.
 */
export function RowActions({
  actions,
  children,
  className = 'staff-row-actions',
}: {
  actions: readonly RowAction[];
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      {children}
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={`button button--small ${action.tone === 'danger' ? 'button--danger' : 'button--secondary'}`}
          onClick={action.onClick}
          aria-label={action.ariaLabel}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}

import type { ReactNode } from 'react';
import './staff-ui.css';

/** One button of a row or tile: what it says and does; `danger` for a delete. */
export interface RowAction {
  label: string;
  onClick: () => void;
  tone?: 'danger';
}

/**
 * The small buttons of a table row or a tile, on one line (the column takes the width they need):
 * `children` first (e.g. `MoveButtons`), then `actions` in order.
 */
export function RowActions({ actions, children }: { actions: readonly RowAction[]; children?: ReactNode }) {
  return (
    <div className="staff-row-actions">
      {children}
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={`button button--small ${action.tone === 'danger' ? 'button--danger' : 'button--secondary'}`}
          onClick={action.onClick}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}

import { useMemo, useState, type ReactNode } from 'react';
import './data-table.css';

/** One column, declared once: the desktop table and the phone's labelled rows both come from it. */
export interface DataColumn<Row> {
  /** Unique in the table: the React key and the sort key. */
  id: string;
  /** The column heading. */
  header: ReactNode;
  /**
   * The label a phone shows before the value in each row. Default: `header` when it is text; `''`
   * for none (e.g. an actions column whose buttons say what they do).
   */
  label?: string;
  /** The cell's content for one row. */
  cell: (row: Row) => ReactNode;
  /** Makes the heading a sort button; rows sort by this value (the rows given, in the browser). */
  sortValue?: (row: Row) => string | number;
  /** `end` for numbers and money. Default `start`. */
  align?: 'start' | 'center' | 'end';
  /** The column's width on a wide screen, e.g. `'9rem'` or `'30%'`. */
  width?: string;
  /** The cell names its row (a name, a title): rendered as the row's header for screen readers. */
  rowHeader?: boolean;
}

export interface SortState {
  column: string;
  direction: 'ascending' | 'descending';
}

export interface DataTableProps<Row> {
  /** The table's accessible name; shown only to screen readers unless `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Sorted this way at first (a column with `sortValue`); default the order given. */
  initialSort?: SortState;
  className?: string;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

function labelOf<Row>(column: DataColumn<Row>): string {
  if (column.label !== undefined) return column.label;
  return typeof column.header === 'string' ? column.header : '';
}

/**
 * A table whose columns are declared once. On a wide screen it is a plain accessible table
 * (caption, column headers, optional row headers, `aria-sort` on the sorted column). Where it has
 * less than about 40rem of width (a phone, a narrow panel: a CSS container query, no script),
 * each row becomes a card of `label: value` lines; the labels are in the markup of every cell,
 * hidden from screen readers, which still read the table's own headers. (The explicit table
 * roles keep those semantics when the phone layout changes the cells' CSS display, which makes
 * some browsers drop them.)
 */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  initialSort,
  className,
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<SortState | undefined>(initialSort);
  const sorted = useMemo(() => {
    const by = sort && columns.find((column) => column.id === sort.column)?.sortValue;
    if (!sort || !by) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(by(a), by(b)));
  }, [rows, columns, sort]);

  return (
    <div className={className ? `data-table ${className}` : 'data-table'}>
      <table className="data-table__table" role="table">
        <caption className={showCaption ? 'data-table__caption' : 'visually-hidden'}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const direction = sort?.column === column.id ? sort.direction : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  role="columnheader"
                  className={`data-table__cell--${column.align ?? 'start'}`}
                  style={column.width ? { width: column.width } : undefined}
                  aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      className="data-table__sort"
                      data-direction={direction}
                      onClick={() =>
                        setSort({
                          column: column.id,
                          direction: direction === 'ascending' ? 'descending' : 'ascending',
                        })
                      }
                    >
                      {column.header}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {sorted.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => {
                const label = labelOf(column);
                const content = (
                  <>
                    {label && (
                      <span className="data-table__label" aria-hidden="true">
                        {label}
                      </span>
                    )}
                    <span className="data-table__value">{column.cell(row)}</span>
                  </>
                );
                const cellClass = `data-table__cell--${column.align ?? 'start'}${label ? '' : ' data-table__cell--unlabelled'}`;
                return column.rowHeader ? (
                  <th key={column.id} scope="row" role="rowheader" className={cellClass}>
                    {content}
                  </th>
                ) : (
                  <td key={column.id} role="cell" className={cellClass}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';

interface Lead {
  id: string;
  name: string;
  email: string;
  photos: number;
}

const rows: Lead[] = [
  { id: 'a', name: 'Bo Lin', email: 'bo@example.com', photos: 12 },
  { id: 'b', name: 'Ann Lee', email: 'ann@example.com', photos: 250 },
  { id: 'c', name: 'Cy Roe', email: 'cy@example.com', photos: 3 },
];

const columns: DataColumn<Lead>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true, sortValue: (row) => row.name },
  { id: 'email', header: 'Email', cell: (row) => <a href={`mailto:${row.email}`}>{row.email}</a> },
  {
    id: 'photos',
    header: 'Photos',
    cell: (row) => row.photos,
    align: 'end',
    width: '6rem',
    sortValue: (r) => r.photos,
  },
  { id: 'actions', header: <span className="visually-hidden">Actions</span>, cell: () => <button>Open</button> },
];

function renderTable() {
  render(<DataTable caption="Contact leads" columns={columns} rows={rows} rowKey={(row) => row.id} />);
  return screen.getByRole('table', { name: 'Contact leads' });
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('is a named table with column headers and a row header per row (desktop)', () => {
    const table = renderTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Photos', 'Actions']);
    // The phone labels are hidden from screen readers: a row header is named by its value alone.
    expect(within(table).getAllByRole('rowheader')).toHaveLength(3);
    for (const name of ['Bo Lin', 'Ann Lee', 'Cy Roe'])
      expect(within(table).getByRole('rowheader', { name })).toBeTruthy();
    const [first] = bodyRows(table);
    expect(within(first!).getByRole('link', { name: 'bo@example.com' }).getAttribute('href')).toBe(
      'mailto:bo@example.com',
    );
    const photos = within(table).getByRole('columnheader', { name: 'Photos' });
    expect(photos.style.width).toBe('6rem');
    expect(photos.className).toContain('data-table__cell--end');
  });

  it("carries each column's label in every cell for the phone layout, hidden from screen readers", () => {
    const table = renderTable();
    for (const row of bodyRows(table)) {
      const cells = [...row.children] as HTMLElement[];
      expect(cells).toHaveLength(columns.length);
      const labels = cells.map((cell) => cell.querySelector('.data-table__label'));
      expect(labels.map((label) => label?.textContent ?? null)).toEqual(['Name', 'Email', 'Photos', null]);
      for (const label of labels) if (label) expect(label.getAttribute('aria-hidden')).toBe('true');
      // A column without a text header has no label, and its cell says so to the layout.
      expect(cells[3]?.className).toContain('data-table__cell--unlabelled');
    }
    // The container query measures the table's own box.
    expect(table.closest('.data-table')).not.toBeNull();
  });

  it('sorts by a sortable column, ascending then descending, and says so with aria-sort', () => {
    const table = renderTable();
    const names = () => bodyRows(table).map((row) => row.querySelector('.data-table__value')?.textContent);
    const photos = within(table).getByRole('columnheader', { name: 'Photos' });
    expect(photos.getAttribute('aria-sort')).toBe('none');
    expect(within(table).getByRole('columnheader', { name: 'Email' }).hasAttribute('aria-sort')).toBe(false);
    expect(names()).toEqual(['Bo Lin', 'Ann Lee', 'Cy Roe']);

    fireEvent.click(within(photos).getByRole('button', { name: 'Photos' }));
    expect(photos.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Cy Roe', 'Bo Lin', 'Ann Lee']);

    fireEvent.click(within(photos).getByRole('button', { name: 'Photos' }));
    expect(photos.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Ann Lee', 'Bo Lin', 'Cy Roe']);

    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(photos.getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Ann Lee', 'Bo Lin', 'Cy Roe']);
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, nextOrdering, type DataColumn } from './DataTable.tsx';

interface Row {
  id: number;
  name: string;
  size: number;
}

const COLUMNS: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name', cell: (r) => r.name },
  { key: 'size', header: 'Size', cell: (r) => r.size },
  { key: 'actions', header: 'Actions', hideHeader: true, cell: (r) => <button>Edit {r.name}</button> },
];

function Sorted(props: { onSort?(o: string | null): void }) {
  const [ordering, setOrdering] = useState<string | null>(null);
  return (
    <DataTable
      label="Things"
      columns={COLUMNS}
      rows={[{ id: 1, name: 'a', size: 2 }]}
      rowKey={(r) => r.id}
      ordering={ordering}
      onSort={(o) => {
        setOrdering(o);
        props.onSort?.(o);
      }}
    />
  );
}

describe('DataTable', () => {
  it('says No data ... for a loaded empty list, and nothing while the list is not there', () => {
    const { rerender } = render(
      <DataTable label="Things" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} />,
    );
    expect(screen.getByRole('cell', { name: 'No data ...' })).toHaveAttribute('colspan', '3');
    rerender(<DataTable label="Things" columns={COLUMNS} rows={undefined} rowKey={(r) => r.id} />);
    expect(screen.queryByText('No data ...')).toBeNull();
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
  });

  it('sorts by keyboard through none, ascending, descending and back, with aria-sort on the header', async () => {
    const onSort = vi.fn();
    const user = userEvent.setup();
    render(<Sorted onSort={onSort} />);
    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    // A column without a sort field has no button and no aria-sort.
    expect(screen.getByRole('columnheader', { name: 'Size' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Size' })).queryByRole('button')).toBeNull();

    within(header()).getByRole('button', { name: /Name/ }).focus();
    await user.keyboard('{Enter}');
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await user.keyboard('{Enter}');
    expect(header()).toHaveAttribute('aria-sort', 'none');
    expect(onSort.mock.calls.map((c) => c[0])).toEqual(['name', '-name', null]);
    expect(nextOrdering('other', 'name')).toBe('name');
  });

  it('labels stacked cells by their column and keeps an actions header for screen readers only', () => {
    render(
      <DataTable
        layout="stack"
        columns={COLUMNS}
        rows={[{ id: 1, name: 'a', size: 2 }]}
        rowKey={(r) => r.id}
        after={(r, n) => (
          <tr>
            <td colSpan={n}>about {r.name}</td>
          </tr>
        )}
      />,
    );
    expect(screen.getByRole('cell', { name: 'a' })).toHaveAttribute('data-label', 'Name');
    expect(screen.getByRole('cell', { name: 'Edit a' })).not.toHaveAttribute('data-label');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).firstElementChild).toHaveClass(
      'visually-hidden',
    );
    expect(screen.getByRole('cell', { name: 'about a' })).toHaveAttribute('colspan', '3');
  });

  it('pages a long list', async () => {
    const onPage = vi.fn();
    const user = userEvent.setup();
    render(
      <DataTable
        columns={COLUMNS}
        rows={[{ id: 1, name: 'a', size: 2 }]}
        rowKey={(r) => r.id}
        paging={{ page: 1, pageSize: 50, count: 120, onPage }}
      />,
    );
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

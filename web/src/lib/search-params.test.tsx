import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { assign, useLatestSearchParams } from './search-params.ts';

// Two filters changed before the screen shows the first change: the queue's search cleared, then "KEV" picked
// at once (a browser test's flake). Both changes must reach the address.
function Filters() {
  const [params, update] = useLatestSearchParams();
  return (
    <>
      <output>{params.toString()}</output>
      <button
        onClick={() => {
          update(assign({ query: null }));
          update(assign({ kev: '1' }));
        }}
      >
        clear and pick
      </button>
      <button onClick={() => update(assign({ page: '2' }))}>page 2</button>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <Filters /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLatestSearchParams', () => {
  it('keeps a change made before the previous one rendered', async () => {
    const router = renderAt('/queue?query=old+words&ordering=-published');
    await userEvent.click(screen.getByRole('button', { name: 'clear and pick' }));
    expect(router.state.location.search).toBe('?ordering=-published&kev=1');
    expect(await screen.findByText('ordering=-published&kev=1')).toBeTruthy();
  });

  it('builds on the rendered query once a navigation elsewhere (back) has shown', async () => {
    const router = renderAt('/queue?status=open');
    await userEvent.click(screen.getByRole('button', { name: 'clear and pick' }));
    expect(router.state.location.search).toBe('?status=open&kev=1');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('status=open')).toBeTruthy();
    // The change asked before going back is not brought back.
    await userEvent.click(screen.getByRole('button', { name: 'page 2' }));
    expect(router.state.location.search).toBe('?status=open&page=2');
  });

  it('builds on the rendered query after going back to the entry a change was asked from', async () => {
    const router = renderAt('/queue?status=open');
    await userEvent.click(screen.getByRole('button', { name: 'page 2' }));
    expect(await screen.findByText('status=open&page=2')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('status=open')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'clear and pick' }));
    expect(router.state.location.search).toBe('?status=open&kev=1');
  });
});

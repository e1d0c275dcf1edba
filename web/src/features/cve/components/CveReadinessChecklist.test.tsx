import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CveReadinessAnswer } from '@cvdp/core/cve/index';
import { CveReadinessChecklist } from './CveReadinessChecklist.tsx';

const NOT_READY: CveReadinessAnswer = {
  ready: false,
  items: [
    {
      key: 'cve_id',
      label: 'CVE id',
      done: false,
      kind: 'publishing',
      hint: 'Publishing needs one: enter the CVE id with Edit on this vulnerability.',
    },
    {
      key: 'description',
      label: 'Description of 1 to 4,096 characters',
      done: true,
      kind: 'required',
      hint: null,
    },
    {
      key: 'references',
      label: 'References: at least one web address',
      done: false,
      kind: 'required',
      hint: 'Add a reference (an http or https address) with Edit on this vulnerability.',
    },
    {
      key: 'cwe',
      label: 'Weakness (CWE)',
      done: false,
      kind: 'recommended',
      hint: 'Add the CWE with Edit on this vulnerability.',
    },
  ],
};

describe('CveReadinessChecklist', () => {
  it('says of every item, in words, whether it is done, how much it matters and where to fix it', () => {
    render(<CveReadinessChecklist readiness={NOT_READY} id="needs" />);
    const list = screen.getByRole('list', { name: 'What the CVE record needs' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '✗To do: CVE id (needed to publish)Publishing needs one: enter the CVE id with Edit on this vulnerability.',
      '✓Done: Description of 1 to 4,096 characters (required)',
      '✗To do: References: at least one web address (required)Add a reference (an http or https address) with Edit on this vulnerability.',
      '✗To do: Weakness (CWE) (recommended)Add the CWE with Edit on this vulnerability.',
    ]);
    // The tick and the cross are decoration, hidden from assistive technology, which reads the words.
    for (const li of items) expect(li.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^[✓✗]$/);
    expect(within(items[0]).getByText('To do:', { exact: false }).className).toBe('visually-hidden');
    expect(
      screen.getByText('Not ready: CVE JSON 5.1 refuses the record until every required item is done.'),
    ).toBeTruthy();
  });

  it('says when the record passes, and when nothing at all is left', () => {
    const { rerender } = render(
      <CveReadinessChecklist readiness={{ ...NOT_READY, ready: true }} id="needs" />,
    );
    expect(
      screen.getByText(
        'The record passes CVE JSON 5.1; what is still to do lets it be published or makes it better.',
      ),
    ).toBeTruthy();
    rerender(
      <CveReadinessChecklist
        readiness={{ ready: true, items: NOT_READY.items.map((i) => ({ ...i, done: true, hint: null })) }}
        id="needs"
      />,
    );
    expect(screen.getByText('Everything is there.')).toBeTruthy();
    expect(screen.queryByText(/^To do:/)).toBeNull();
  });
});

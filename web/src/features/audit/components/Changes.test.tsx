// The audit log's change view: an edit shows only the fields that changed, before and after; a creation its
// values; a removal what it had; booleans and lists readable, long texts clipped but whole on request.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Changes } from './Changes.tsx';

describe('Changes', () => {
  it('an edit: only the changed fields, each with its value before and after', () => {
    const { container } = render(
      <Changes
        before={{ name: 'ICS', enabled: true, description: 'same' }}
        after={{ name: 'OT', enabled: false, description: 'same' }}
      />,
    );
    expect([...container.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['name', 'enabled']);
    const dds = [...container.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(dds).toEqual(['before ICSafter OT', 'before yesafter no']);
  });

  it('a creation and a removal list their values; nothing at all is a dash; no change says so', () => {
    const { rerender } = render(
      <Changes before={null} after={{ choices: ['a', 'b'], token_replaced: true }} />,
    );
    expect(screen.getByText('Created with')).toBeTruthy();
    expect(screen.getByText('a, b')).toBeTruthy();
    expect(screen.getByText('yes')).toBeTruthy();
    rerender(<Changes before={{ description: '' }} after={null} />);
    expect(screen.getByText('Removed; it had')).toBeTruthy();
    expect(screen.getByText('(empty)')).toBeTruthy();
    rerender(<Changes before={null} after={null} />);
    expect(screen.getByText('—')).toBeTruthy();
    rerender(<Changes before={{ a: 1 }} after={{ a: 1 }} />);
    expect(screen.getByText('No field changed')).toBeTruthy();
  });

  it('a long text is clipped in a disclosure that holds it whole', () => {
    const body = 'x'.repeat(400);
    const { container } = render(<Changes before={null} after={{ body }} />);
    const details = container.querySelector('details')!;
    expect(details.querySelector('summary')!.textContent).toBe(`${'x'.repeat(160)}…`);
    expect(details.textContent).toContain(body);
  });
});

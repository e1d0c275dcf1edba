import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectReadableBadge } from '../../../test/contrast.ts';
import { SeverityBadge } from './SeverityBadge.tsx';

describe('SeverityBadge (SPEC §4 colours)', () => {
  it.each([
    ['NONE', 'success'],
    ['LOW', 'success'],
    ['MEDIUM', 'warning'],
    ['HIGH', 'danger'],
    ['CRITICAL', 'danger'],
  ] as const)('%s is %s', (severity, colour) => {
    render(<SeverityBadge severity={severity} />);
    expect(screen.getByText(severity)).toHaveClass('badge', `bg-${colour}`);
    expectReadableBadge(screen.getByText(severity));
  });
});

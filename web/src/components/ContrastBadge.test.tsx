import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrastRatio, expectReadableBadge } from '../test/contrast.ts';
import { ContrastBadge, type BadgeVariant } from './ContrastBadge.tsx';

const VARIANTS: BadgeVariant[] = [
  'primary',
  'secondary',
  'success',
  'danger',
  'warning',
  'info',
  'light',
  'dark',
];

describe('ContrastBadge', () => {
  it('knows the contrast arithmetic (white on yellow is the 1.6:1 of the issue)', () => {
    expect(contrastRatio('#ffffff', '#ffc107')).toBeCloseTo(1.63, 1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it.each(VARIANTS)('reaches WCAG AA (4.5:1) on %s', (bg) => {
    render(<ContrastBadge bg={bg}>Label</ContrastBadge>);
    const badge = screen.getByText('Label');
    expect(badge).toHaveClass(`bg-${bg}`);
    expectReadableBadge(badge);
  });
});

// WCAG 2 contrast of a rendered Bootstrap badge, from its bg-* and text-* classes and Bootstrap 5.3's colours
// (jsdom applies no stylesheet, so the classes are what there is to read).
import { expect } from 'vitest';

const BOOTSTRAP: Record<string, string> = {
  primary: '#0d6efd',
  secondary: '#6c757d',
  success: '#198754',
  danger: '#dc3545',
  warning: '#ffc107',
  info: '#0dcaf0',
  light: '#f8f9fa',
  dark: '#212529',
  white: '#ffffff',
};

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The badge's text against its background; a badge's text is white unless a text-* class says otherwise. */
export function badgeContrast(badge: Element) {
  const classes = [...badge.classList];
  const bg = classes.find((c) => c.startsWith('bg-'))?.slice(3);
  const text = classes.find((c) => c.startsWith('text-') && BOOTSTRAP[c.slice(5)])?.slice(5) ?? 'white';
  if (!bg || !BOOTSTRAP[bg]) throw new Error(`no Bootstrap background on ${badge.outerHTML}`);
  return contrastRatio(BOOTSTRAP[bg], BOOTSTRAP[text]);
}

/** WCAG AA for normal-size text: 4.5:1. */
export function expectReadableBadge(badge: Element) {
  expect(badge).toHaveClass('badge');
  expect(badgeContrast(badge), badge.outerHTML).toBeGreaterThanOrEqual(4.5);
}

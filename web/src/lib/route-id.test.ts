import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageTitle, usePageTitle } from './page-title.ts';
import { parseRouteId } from './route-id.ts';

describe('parseRouteId', () => {
  it('takes plain decimal ids up to 2147483647', () => {
    expect(parseRouteId('12')).toBe(12);
    expect(parseRouteId('2147483647')).toBe(2_147_483_647);
  });
  it('refuses anything else, so no call is made for it', () => {
    for (const param of [undefined, '', 'abc', 'NaN', '0', '-1', '+7', ' 7', '1e3', '0x10', '07', '1.5']) {
      expect(parseRouteId(param)).toBeNull();
    }
    expect(parseRouteId('2147483648')).toBeNull();
    expect(parseRouteId('99999999999')).toBeNull();
  });
});

describe('usePageTitle', () => {
  it('names the tab after the screen, then the app', () => {
    const initialProps: { title: string | null } = { title: 'Sign in' };
    const { rerender } = renderHook(({ title }) => usePageTitle(title), { initialProps });
    expect(document.title).toBe('Sign in · CVDP');
    rerender({ title: 'Case #12' });
    expect(document.title).toBe('Case #12 · CVDP');
    rerender({ title: null });
    expect(document.title).toBe('CVDP');
    expect(pageTitle('New report')).toBe('New report · CVDP');
  });
});

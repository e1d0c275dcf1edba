// CVDP_DEMO_PASSWORD, read by `npm run seed:demo` before it opens the database: unset, the seed makes new
// passwords; set, it must be as long as any password a person could choose.
import { expect, it } from 'vitest';
import { demoPassword } from './command.ts';

it('is absent unless set, and refused below the minimum password length', () => {
  expect(demoPassword({})).toBeUndefined();
  expect(demoPassword({ CVDP_DEMO_PASSWORD: '' })).toBeUndefined();
  expect(demoPassword({ CVDP_DEMO_PASSWORD: 'e2e demo password 1' })).toBe('e2e demo password 1');
  expect(() => demoPassword({ CVDP_DEMO_PASSWORD: 'too short' })).toThrow(
    'CVDP_DEMO_PASSWORD needs at least 10 characters.',
  );
});

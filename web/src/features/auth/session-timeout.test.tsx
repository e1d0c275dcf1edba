import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionTimeoutSettings } from './session-timeout.ts';
import { SessionTimeoutModal } from './SessionTimeoutModal.tsx';

describe('session timeout settings (SPEC §4, §9)', () => {
  it('is disabled without a configured timeout, keeping the 20-minute default', () => {
    expect(sessionTimeoutSettings(null)).toMatchObject({
      disabled: true,
      timeout: 1_200_000,
      promptBeforeIdle: 30_000,
    });
  });
  it('uses the configured seconds × 1000 and prompts 30 s before idle', () => {
    expect(sessionTimeoutSettings(600)).toMatchObject({
      disabled: false,
      timeout: 600_000,
      promptBeforeIdle: 30_000,
    });
  });
});

describe('Session Timeout modal', () => {
  it('shows the title, the countdown text and the button, and the button keeps the session', async () => {
    const onStay = vi.fn();
    render(<SessionTimeoutModal show secondsLeft={27} onStay={onStay} />);
    expect(screen.getByText('Session Timeout')).toBeInTheDocument();
    expect(
      screen.getByText('Hey! Are you still there? Your session will be ending in 27 seconds.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "I'm still here!" }));
    expect(onStay).toHaveBeenCalledTimes(1);
  });
});

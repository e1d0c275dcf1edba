import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coordinationApi } from '../../lib/api-client.ts';
import { RegisterPage } from './RegisterPage.tsx';

afterEach(() => vi.restoreAllMocks());

describe('RegisterPage', () => {
  it('says once what an empty password needs: the error takes the place of the help text', async () => {
    const post = vi.spyOn(coordinationApi, 'post');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RegisterPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(document.title).toBe('Create an account · CVDP');
    const password = screen.getByLabelText('Password');
    expect(screen.getByText('At least 10 characters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(password).toHaveClass('is-invalid');
    expect(password).toHaveAccessibleDescription('Use at least 10 characters.');
    expect(screen.queryByText('At least 10 characters.')).not.toBeInTheDocument();
    expect(password.closest('.mb-3')!.textContent).toBe('PasswordUse at least 10 characters.');
    expect(post).not.toHaveBeenCalled();
  });
});

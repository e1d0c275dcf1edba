// The embargo card's ended state: exited is final (one embargo per case, as the server's 409 says), so the
// card offers no way to propose, end or break it again and says why, in the server's words.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBARGO_EXITED, type EmbargoProposalView, type EmbargoView } from '@cvdp/core';
import { answerCalls } from '../../../test/answer-calls.ts';
import { EmbargoCard } from './EmbargoCard.tsx';

afterEach(() => vi.restoreAllMocks());

const agreed: EmbargoProposalView = {
  id: 3,
  kind: 'start',
  end: '2027-04-01T12:00:00Z',
  reason: 'A month for the fix.',
  status: 'accepted',
  proposed_by: { id: 2, name: 'Cora Coordinator' },
  proposed_for: null,
  proposed: '2027-03-01T09:00:00Z',
  answers: [
    {
      participant: { id: 7, name: 'Acme PSIRT' },
      answer: 'accept',
      comment: '',
      answered_by: { id: 8, name: 'Gus Group' },
      answered: '2027-03-02T09:00:00Z',
    },
  ],
  decided_by: { id: 2, name: 'Cora Coordinator' },
  decided: '2027-03-03T09:00:00Z',
  decision_comment: '',
  can_answer: false,
  can_decide: false,
};

const view = (over: Partial<EmbargoView>): EmbargoView => ({
  case: 5,
  state: 'none',
  end: null,
  exit_kind: null,
  exit_reason: '',
  exited: null,
  open_proposal: null,
  history: [],
  can_propose: false,
  can_exit: false,
  can_report_breach: false,
  ...over,
});

function renderCard(embargo: EmbargoView) {
  answerCalls(
    {
      get: [
        [/^api\/case\/5\/embargo\/$/, () => Promise.resolve(embargo)],
        [
          /^api\/case\/5\/embargo\/log\/$/,
          () => Promise.resolve({ verified: true, first_broken: null, entries: [] }),
        ],
      ],
    },
    Number,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmbargoCard caseId={5} />
    </QueryClientProvider>,
  );
}

describe('EmbargoCard', () => {
  it('an ended embargo: when and how it ended, who had agreed, and why no new one can be proposed', async () => {
    // What the server answers a coordinator once the embargo has exited: nothing left to propose or end.
    renderCard(
      view({
        state: 'exited',
        end: '2027-04-01T12:00:00Z',
        exit_kind: 'ended',
        exited: '2027-04-01T12:00:00Z',
        history: [agreed],
      }),
    );
    const card = await screen.findByRole('region', { name: /^Embargo/ });
    expect(card).toHaveTextContent('Ended');
    expect(card).toHaveTextContent('2027-04-01 12:00 UTC');
    expect(card).toHaveTextContent('The embargo ended on its date');
    expect(card).toHaveTextContent('accepted: Acme PSIRT');
    expect(await screen.findByText(EMBARGO_EXITED)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Propose|Request extension|End embargo|Report breach/ }),
    ).toBeNull();
    expect(await screen.findByText('Log verified')).toBeInTheDocument();
  });

  it('a case without an embargo offers staff a proposal and does not speak of an ended one', async () => {
    renderCard(view({ can_propose: true }));
    expect(await screen.findByRole('button', { name: 'Propose embargo' })).toBeInTheDocument();
    expect(screen.getByText('No embargo has been agreed.')).toBeInTheDocument();
    expect(screen.queryByText(EMBARGO_EXITED)).toBeNull();
  });
});

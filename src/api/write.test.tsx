/** A screen's write: sent once however often it is asked for meanwhile, its outcome, and what it makes stale read again. */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@meldloket/engine';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query.ts';
import { useWrite, type WriteOutcome } from './write.ts';

/** A server whose writes wait until the test lets them answer. */
function server() {
  const pending: Array<{ body: string; answer: (ok: boolean) => void }> = [];
  let reads = 0;
  return {
    pending,
    reads: () => reads,
    read: async () => ++reads,
    write: (body: string) =>
      new Promise<string>((resolve, reject) => pending.push({ body, answer: (ok) => (ok ? resolve(`saved ${body}`) : reject(new ApiError('refused', 400, { name: ['Bestaat al.'] }))) })),
  };
}

function Subject({ api }: { api: ReturnType<typeof server> }) {
  const count = useQuery({ queryKey: ['count'], queryFn: api.read });
  const save = useWrite({ write: api.write, stale: () => [['count']] });
  const [outcome, setOutcome] = useState<WriteOutcome<string> | undefined | 'refused'>();
  const send = async () => setOutcome((await save.run('x')) ?? 'refused');
  return (
    <>
      <p>gelezen: {count.data ?? '-'}</p>
      <button type="button" onClick={() => void send()} aria-busy={save.busy}>
        Opslaan
      </button>
      <p role="status">{outcome === undefined ? '' : outcome === 'refused' ? 'al bezig' : outcome.ok ? outcome.data : 'mislukt'}</p>
    </>
  );
}

const draw = (api: ReturnType<typeof server>) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Subject api={api} />
    </QueryClientProvider>,
  );

describe('a write of a screen (useWrite)', () => {
  it('a second press while the first is under way sends nothing; the answer is given and what it made stale is read again', async () => {
    const user = userEvent.setup();
    const api = server();
    draw(api);
    expect(await screen.findByText('gelezen: 1')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Opslaan' });

    // two presses in one go: the second is refused at once, before the library reports the first as pending
    act(() => {
      button.click();
      button.click();
    });
    expect(await screen.findByRole('status')).toHaveTextContent('al bezig');
    expect(api.pending).toHaveLength(1);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));

    await act(async () => api.pending[0]!.answer(true));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('saved x'));
    expect(screen.getByText('gelezen: 2')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-busy', 'false');

    // after it, a press sends again
    await user.click(button);
    expect(api.pending).toHaveLength(2);
  });

  it('a refusal is an outcome, not a throw, and nothing is read again', async () => {
    const api = server();
    draw(api);
    expect(await screen.findByText('gelezen: 1')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Opslaan' }).click());
    await waitFor(() => expect(api.pending).toHaveLength(1));
    await act(async () => api.pending[0]!.answer(false));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('mislukt'));
    expect(api.reads()).toBe(1);
  });
});

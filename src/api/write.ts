/**
 * One write of a screen through TanStack Query's mutation cache (docs/architecture.md, 'Data on
 * screens'): the call, what its answer makes stale, and the one vocabulary a screen shows of it
 * (`busy`, and the failure as the outcome of `run`).
 *
 * - `run(variables)` sends once: a second `run` while one is under way (a double click, Enter and a
 *   click) is refused and answers `undefined`. The library reports `isPending` only at its next
 *   notification, after the event that started the write, so the refusal is kept in a ref.
 * - `run` never throws: it answers `{ ok: true, data }` or `{ ok: false, error }`, so a screen shows a
 *   refusal in its form and keeps what was typed.
 * - `stale(data, variables)`: the query keys the write changed; they are invalidated (read again where
 *   shown) before `run` answers. A write whose answer is the new data puts it in the cache itself
 *   (`onSuccess`, with `setQueryData`).
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

export type WriteOutcome<R> = { ok: true; data: R } | { ok: false; error: unknown };

export interface WriteOptions<V, R> {
  write: (variables: V) => Promise<R>;
  stale?: (data: R, variables: V) => readonly QueryKey[];
  /** Puts the answer where it belongs (`setQueryData`); a promise it answers is awaited. */
  onSuccess?: (data: R, variables: V) => unknown;
}

export function useWrite<V = void, R = unknown>({ write, stale, onSuccess }: WriteOptions<V, R>) {
  const client = useQueryClient();
  const mutation = useMutation<R, unknown, V>({
    mutationFn: write,
    onSuccess: async (data, variables) => {
      await onSuccess?.(data, variables);
      await Promise.all((stale?.(data, variables) ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  const running = useRef(false);
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (variables: V): Promise<WriteOutcome<R> | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      try {
        return { ok: true, data: await mutateAsync(variables) };
      } catch (error) {
        return { ok: false, error };
      } finally {
        running.current = false;
      }
    },
    [mutateAsync],
  );
  return { run, busy: mutation.isPending, error: mutation.error, reset: mutation.reset };
}

/** A screen's write that is an action of its own (several calls, or calls of a feature's api module): `run(action)`. */
export function useAction<R = void>(options: Omit<WriteOptions<() => Promise<R>, R>, 'write'> = {}) {
  return useWrite<() => Promise<R>, R>({ ...options, write: (action) => action() });
}

/** Signalering's one read through TanStack Query (docs/architecture.md, 'Data on screens'); a change of a report makes it stale (src/manage/incident/queries.ts). */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_STATUS_MESSAGE } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { SIGNALERING_PATH } from '../overview/types.ts';
import type { SignaleringData } from './types.ts';

export const signaleringKeys = {
  all: ['signalering'] as const,
  weeks: (weeks: number) => ['signalering', weeks] as const,
};

/** The counts and the last `weeks` weeks; an answer without totals is a failure. */
export function useSignalering(weeks: number) {
  const api = useApi();
  return useQuery({
    queryKey: signaleringKeys.weeks(weeks),
    queryFn: async ({ signal }) => {
      const data = await api.get<SignaleringData>(SIGNALERING_PATH, { query: { weeks }, signal });
      if (!data?.totals) throw new Error(DEFAULT_STATUS_MESSAGE);
      return data;
    },
    staleTime: 0,
  });
}

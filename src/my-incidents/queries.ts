/**
 * Mijn meldingen's reads through TanStack Query (docs/architecture.md, 'Data on screens'): the
 * list and one report with its history, under ['my-incidents', token], so a new link (a new token)
 * never shows another's reports. A 401 means the link ran out while the page was open: `expired`
 * (session.tsx) forgets it and says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../api/index.ts';
import { myApi } from './api.ts';

export const myKeys = {
  list: (token: string) => ['my-incidents', token, 'list'] as const,
  report: (token: string, uuid: string) => ['my-incidents', token, 'report', uuid] as const,
};

/** Hands a failed read's error to `expired` once (a 401 leaves the page). */
function useExpired(error: unknown, expired: (error: unknown) => boolean) {
  useEffect(() => {
    if (error) expired(error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}

export function useMyReports(token: string, expired: (error: unknown) => boolean) {
  const api = useApi();
  const read = useQuery({ queryKey: myKeys.list(token), queryFn: ({ signal }) => myApi(api).list(token, signal), staleTime: 0 });
  useExpired(read.error, expired);
  return read;
}

export function useMyReport(token: string, uuid: string, expired: (error: unknown) => boolean) {
  const api = useApi();
  const read = useQuery({
    queryKey: myKeys.report(token, uuid),
    queryFn: async ({ signal }) => {
      const calls = myApi(api);
      const [report, history] = await Promise.all([calls.detail(token, uuid, signal), calls.history(token, uuid, signal)]);
      return { report, history };
    },
    staleTime: 0,
  });
  useExpired(read.error, expired);
  return read;
}

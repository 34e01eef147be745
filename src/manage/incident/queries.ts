/**
 * One report's reads through TanStack Query (docs/architecture.md, 'Data on screens'): every key
 * under ['incident', id], the fetchers those of `incidentApi` (./api.ts). The attachments are read
 * once for the photos and the attachment list. A change of the report (useReportChanged) puts the
 * PATCH's answer in place of the detail and marks everything else of the report stale (its
 * history, children, attachments, nearby reports, followers, assignable colleagues), and the
 * lists that show it: the overview, its map and signalering.
 */
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/index.ts';
import { overviewKeys } from '../overview/queries.ts';
import { signaleringKeys } from '../signalering/queries.ts';
import { incidentApi, type IncidentApi, type IncidentDetail } from './api.ts';

type Id = number | string;

export const incidentKeys = {
  all: ['incident'] as const,
  report: (id: Id) => ['incident', String(id)] as const,
  detail: (id: Id) => ['incident', String(id), 'detail'] as const,
  history: (id: Id, what?: readonly string[]) => ['incident', String(id), 'history', what ?? []] as const,
  attachments: (id: Id) => ['incident', String(id), 'attachments'] as const,
  children: (id: Id) => ['incident', String(id), 'children'] as const,
  nearby: (id: Id) => ['incident', String(id), 'nearby'] as const,
  followers: (id: Id) => ['incident', String(id), 'followers'] as const,
  assignable: (id: Id) => ['incident', String(id), 'assignable'] as const,
  context: (id: Id) => ['incident', String(id), 'context'] as const,
  reporterReports: (id: Id) => ['incident', String(id), 'reporter-reports'] as const,
};

/** The keys of the lists a change of any report makes stale (the overview, its map, signalering). */
export const REPORT_LISTS = [overviewKeys.all, signaleringKeys.all] as const;

/** A report is handled by several people at once: what is cached is shown at once and read again on every visit. */
const FRESH = { staleTime: 0 } as const;

/** One read of the report: `read` gets the report's calls and the signal that cancels it. */
function useReportQuery<T>(queryKey: QueryKey, read: (calls: IncidentApi, signal: AbortSignal) => Promise<T>, enabled = true) {
  const calls = incidentApi(useApi());
  return useQuery({ ...FRESH, queryKey, queryFn: ({ signal }) => read(calls, signal), enabled });
}

/** The detail; a refusal (403) or a missing report (404) is an answer, not asked again. */
export const useIncidentDetail = (id: Id) => useReportQuery(incidentKeys.detail(id), (calls, signal) => calls.detail(id, signal));
export const useIncidentHistory = (id: Id, what?: readonly string[]) => useReportQuery(incidentKeys.history(id, what), (calls, signal) => calls.history(id, signal, what));
export const useAttachments = (id: Id) => useReportQuery(incidentKeys.attachments(id), (calls, signal) => calls.attachments(id, signal));
export const useChildren = (id: Id, enabled: boolean) => useReportQuery(incidentKeys.children(id), (calls, signal) => calls.children(id, signal), enabled);
export const useNearby = (id: Id) => useReportQuery(incidentKeys.nearby(id), (calls, signal) => calls.nearby(id, signal));
export const useFollowers = (id: Id) => useReportQuery(incidentKeys.followers(id), (calls, signal) => calls.followers(id, signal));
export const useAssignable = (id: Id, enabled: boolean) => useReportQuery(incidentKeys.assignable(id), (calls, signal) => calls.assignable(id, signal), enabled);
export const useReporterContext = (id: Id) => useReportQuery(incidentKeys.context(id), (calls, signal) => calls.context(id, signal));
/** The reporter's other reports (this one left out), asked only when the context knows the reporter. */
export const useReporterReports = (id: number, enabled: boolean) =>
  useReportQuery(incidentKeys.reporterReports(id), (calls, signal) => calls.reporterReports(id, signal).then((list) => list.filter((r) => r.id !== id)), enabled);

/**
 * After a change of report `id`: `detail` (a PATCH's answer) replaces the cached detail, without
 * it the detail is read again; everything else of the report and the report lists are stale.
 */
export function useReportChanged(id: Id) {
  const client = useQueryClient();
  return useCallback(async (detail?: IncidentDetail) => {
    if (detail) client.setQueryData(incidentKeys.detail(id), detail);
    const detailKey = incidentKeys.detail(id)[2];
    await Promise.all([
      client.invalidateQueries({ queryKey: incidentKeys.report(id), predicate: (query) => !detail || query.queryKey[2] !== detailKey }),
      ...REPORT_LISTS.map((queryKey) => client.invalidateQueries({ queryKey })),
    ]);
  }, [client, id]);
}

/**
 * One report's reads through TanStack Query (docs/architecture.md, 'Data on screens'): every key
 * under ['incident', id], the fetchers those of `incidentApi` (./api.ts). The attachments are read
 * once for the photos and the attachment list. A change of the report (useReportChanged) puts the
 * PATCH's answer in place of the detail and marks everything else of the report stale (its
 * history, children, attachments, nearby reports, followers, assignable colleagues), and the
 * lists that show it: the overview, its map and signalering.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/index.ts';
import { overviewKeys } from '../overview/queries.ts';
import { signaleringKeys } from '../signalering/queries.ts';
import { incidentApi, type IncidentDetail } from './api.ts';

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

function useCalls() {
  return incidentApi(useApi());
}

/** A report is handled by several people at once: what is cached is shown at once and read again on every visit. */
const FRESH = { staleTime: 0 } as const;

/** The detail; a refusal (403) or a missing report (404) is an answer, not asked again. */
export function useIncidentDetail(id: Id) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.detail(id), queryFn: ({ signal }) => calls.detail(id, signal) });
}

export function useIncidentHistory(id: Id, what?: readonly string[]) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.history(id, what), queryFn: ({ signal }) => calls.history(id, signal, what) });
}

export function useAttachments(id: Id) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.attachments(id), queryFn: ({ signal }) => calls.attachments(id, signal) });
}

export function useChildren(id: Id, enabled: boolean) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.children(id), queryFn: ({ signal }) => calls.children(id, signal), enabled });
}

export function useNearby(id: Id) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.nearby(id), queryFn: ({ signal }) => calls.nearby(id, signal) });
}

export function useFollowers(id: Id) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.followers(id), queryFn: ({ signal }) => calls.followers(id, signal) });
}

export function useAssignable(id: Id, enabled: boolean) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.assignable(id), queryFn: ({ signal }) => calls.assignable(id, signal), enabled });
}

export function useReporterContext(id: Id) {
  const calls = useCalls();
  return useQuery({ ...FRESH, queryKey: incidentKeys.context(id), queryFn: ({ signal }) => calls.context(id, signal) });
}

/** The reporter's other reports (this one left out), asked only when the context knows the reporter. */
export function useReporterReports(id: number, enabled: boolean) {
  const calls = useCalls();
  return useQuery({
    ...FRESH,
    queryKey: incidentKeys.reporterReports(id),
    queryFn: ({ signal }) => calls.reporterReports(id, signal).then((list) => list.filter((r) => r.id !== id)),
    enabled,
  });
}

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

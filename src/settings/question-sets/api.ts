/**
 * The studio's reads and writes (docs/studio-api.md) through TanStack Query (docs/architecture.md,
 * 'Data on screens'): one query key per resource, every write invalidating what it changed.
 */
import { ApiError, type QuestionSetFinding, type QuestionSetFile } from '@meldloket/engine';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/index.ts';
import { QUESTION_SETS_API as API } from './texts.ts';

export interface SetSummary {
  name: string;
  title: string;
  subcategories: Array<{ slug: string; name: string; main_slug: string }>;
  published: { version: number; published_by: string; published_at: string } | null;
  draft: { updated_by: string; updated_at: string } | null;
}
export interface Draft {
  text: string;
  updated_by: string;
  updated_at: string;
  based_on: number | null;
}
export interface SetDetail {
  name: string;
  published: { version: number; document: QuestionSetFile; published_by: string; published_at: string } | null;
  draft: Draft | null;
}
export interface VersionSummary {
  version: number;
  published_by: string;
  published_at: string;
  note: string | null;
}
export interface Version extends VersionSummary {
  document: QuestionSetFile;
}

/** The query keys: everything of one set under ['question-sets', name]. */
export const studioKeys = {
  all: ['question-sets'] as const,
  set: (name: string) => ['question-sets', name] as const,
  versions: (name: string) => ['question-sets', name, 'versions'] as const,
  version: (name: string, version: number) => ['question-sets', name, 'versions', version] as const,
};

export function useQuestionSets() {
  const api = useApi();
  return useQuery({ queryKey: studioKeys.all, queryFn: ({ signal }) => api.get<{ count: number; results: SetSummary[] }>(API.list, { signal }).then((r) => r.results) });
}

export function useQuestionSet(name: string) {
  const api = useApi();
  return useQuery({ queryKey: studioKeys.set(name), queryFn: ({ signal }) => api.get<SetDetail>(API.set(name), { signal }) });
}

export function useVersions(name: string) {
  const api = useApi();
  return useQuery({ queryKey: studioKeys.versions(name), queryFn: ({ signal }) => api.get<{ count: number; results: VersionSummary[] }>(API.versions(name), { signal }).then((r) => r.results) });
}

/** One version's document (kept: a version never changes). */
export function useVersionFetcher(name: string) {
  const api = useApi();
  const client = useQueryClient();
  return (version: number) =>
    client.fetchQuery({ queryKey: studioKeys.version(name, version), queryFn: ({ signal }) => api.get<Version>(API.version(name, version), { signal }), staleTime: Infinity });
}

/** Saving the draft: the server's findings come back with it. */
export function useSaveDraft(name: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<{ draft: Draft; findings: QuestionSetFinding[] }>(API.draft(name), { text }),
    onSuccess: (saved) => {
      client.setQueryData<SetDetail>(studioKeys.set(name), (detail) => (detail ? { ...detail, draft: saved.draft } : detail));
      void client.invalidateQueries({ queryKey: studioKeys.all, exact: true });
    },
  });
}

export function useDiscardDraft(name: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(API.draft(name)),
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** Publish and roll back both make a new version: the set, its versions and the list are read again. */
export function usePublish(name: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { based_on: number | null; note?: string }) => api.post<{ version: number }>(API.publish(name), body),
    onSettled: () => client.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

export function useRollback(name: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; based_on: number | null }) => api.post<{ version: number }>(API.rollback(name), body),
    onSettled: () => client.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** The findings of a refused publish (400 `{findings}`), if that is what the error is. */
export function refusedFindings(error: unknown): QuestionSetFinding[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const findings = (error.body as { findings?: unknown } | undefined)?.findings;
  return Array.isArray(findings) ? (findings as QuestionSetFinding[]) : null;
}

/** The server's own Dutch sentence for a refusal (`{detail}`), else the status's (docs/reference/texts.md#errors). */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.userMessage;
  return error instanceof Error ? error.message : String(error);
}

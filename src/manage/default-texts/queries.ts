/**
 * The default texts through TanStack Query (docs/architecture.md, 'Data on screens'): one list per
 * API version, subcategory and status, read by the status form of a report and by the default
 * texts' own screen, where a save puts its answer in place of the list it saved.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/index.ts';
import { textsStore, type Subcategory, type TextItem, type Version } from './store.ts';

export const defaultTextKeys = {
  all: ['default-texts'] as const,
  list: (version: Version, subId: number | undefined, state: string) => ['default-texts', version, subId, state] as const,
};

/** The calls of `version`'s API (store.ts). */
export function useTextsStore(version: Version) {
  const api = useApi();
  return useMemo(() => textsStore(api, version), [api, version]);
}

/** The default texts of `sub` for `state` (none asked for without a subcategory). */
export function useDefaultTexts(version: Version, sub: Subcategory | null, state: string) {
  const store = useTextsStore(version);
  return useQuery<TextItem[]>({
    queryKey: defaultTextKeys.list(version, sub?.id, state),
    queryFn: ({ signal }) => store.load(sub!, state, signal),
    enabled: !!sub,
  });
}

/** After a save: the list saved is the answer's (for the status form too); the others did not change. */
export function useDefaultTextsSaved(version: Version) {
  const client = useQueryClient();
  return (sub: Subcategory, state: string, list: TextItem[]) => client.setQueryData(defaultTextKeys.list(version, sub.id, state), list);
}

/**
 * Sources staff may choose (only can_be_selected). They are loaded once at sign-in
 * and kept by the session (`useAuth().staffData`); while the session is still loading
 * them this waits for them, and a session given without them (tests, stories) reads them here,
 * through the query layer loaded after the first page is drawn (src/api/late-query.ts).
 */
import { useMemo } from 'react';
import type { Option } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useLateQuery } from '../api/late-query.ts';
import { useAuth, type StaffSource } from '../auth/index.ts';
import { fetchSources } from '../auth/staff.ts';

export function selectableSources(list: StaffSource[]): Option[] {
  return list.filter((s) => s.can_be_selected && s.is_active !== false).map((s) => ({ id: s.name, label: s.name }));
}

export function useSources(enabled: boolean): Option[] {
  const api = useApi();
  const { staffData, staffDataPending } = useAuth();
  const kept = staffData?.sources;
  // the session is still loading them: they arrive in `kept`, one request for both
  const read = useLateQuery({ queryKey: ['wizard', 'sources'], queryFn: () => fetchSources(api), enabled: enabled && !kept && !staffDataPending });
  const fetched = read.data;
  return useMemo(() => (enabled ? selectableSources(kept ?? fetched ?? []) : []), [enabled, kept, fetched]);
}

/**
 * Sources staff may choose (only can_be_selected). They are loaded once at sign-in
 * and kept by the session (`useAuth().staffData`); a session given without them
 * (tests, stories) fetches them here.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Option } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useAuth, type StaffSource } from '../auth/index.ts';
import { fetchSources } from '../auth/staff.ts';

export function selectableSources(list: StaffSource[]): Option[] {
  return list.filter((s) => s.can_be_selected && s.is_active !== false).map((s) => ({ id: s.name, label: s.name }));
}

export function useSources(enabled: boolean): Option[] {
  const api = useApi();
  const kept = useAuth().staffData?.sources;
  const [fetched, setFetched] = useState<StaffSource[]>([]);
  useEffect(() => {
    if (!enabled || kept) return;
    let live = true;
    fetchSources(api)
      .then((list) => live && setFetched(list))
      .catch(() => live && setFetched([]));
    return () => {
      live = false;
    };
  }, [api, enabled, kept]);
  return useMemo(() => (enabled ? selectableSources(kept ?? fetched) : []), [enabled, kept, fetched]);
}

/**
 * Sources staff may choose (only can_be_selected). They are loaded once at sign-in
 * and kept by the session (`useAuth().staffData`); while the session is still loading
 * them this waits for them, and a session given without them (tests, stories) fetches them here.
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
  const { staffData, staffDataPending } = useAuth();
  const kept = staffData?.sources;
  const [fetched, setFetched] = useState<StaffSource[]>([]);
  useEffect(() => {
    // the session is still loading them: they arrive in `kept`, one request for both
    if (!enabled || kept || staffDataPending) return;
    let live = true;
    fetchSources(api)
      .then((list) => live && setFetched(list))
      .catch(() => live && setFetched([]));
    return () => {
      live = false;
    };
  }, [api, enabled, kept, staffDataPending]);
  return useMemo(() => (enabled ? selectableSources(kept ?? fetched) : []), [enabled, kept, fetched]);
}

/** Sources staff may choose (GET /signals/v1/private/sources/, only can_be_selected). */
import { useEffect, useState } from 'react';
import type { Option } from '@meldloket/engine';
import { useApi } from '../api/index.ts';

interface SourceWire {
  id: number | string;
  name: string;
  is_active?: boolean;
  can_be_selected?: boolean;
}

export const SOURCES_PATH = '/signals/v1/private/sources/';

export function selectableSources(list: SourceWire[]): Option[] {
  return list.filter((s) => s.can_be_selected && s.is_active !== false).map((s) => ({ id: s.name, label: s.name }));
}

export function useSources(enabled: boolean): Option[] {
  const api = useApi();
  const [sources, setSources] = useState<Option[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api
      .get<{ results: SourceWire[] }>(SOURCES_PATH, { query: { is_active: true, can_be_selected: true, page_size: 1000 } })
      .then((page) => live && setSources(selectableSources(page.results)))
      .catch(() => live && setSources([]));
    return () => {
      live = false;
    };
  }, [api, enabled]);
  return sources;
}

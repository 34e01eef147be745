import { useCallback, useRef } from 'react';
import type { Covered } from './MapView.tsx';

/**
 * The refs of a full map's side panel and map area, and what the panel covers of the map: its width on the
 * left, or the drawer's height at the bottom on phones (what MapView keeps points and tab stops out from under).
 */
export function usePanelCover() {
  const panel = useRef<HTMLDivElement>(null);
  const mapArea = useRef<HTMLDivElement>(null);
  const covered = useCallback((): Covered => {
    const p = panel.current?.getBoundingClientRect();
    const m = mapArea.current?.getBoundingClientRect();
    if (!p || !m || p.width === 0) return { left: 0, bottom: 0 };
    const drawer = p.top > m.top + 1 && p.bottom >= m.bottom - 1;
    return drawer ? { left: 0, bottom: Math.max(0, m.bottom - p.top) } : { left: Math.max(0, p.right - m.left), bottom: 0 };
  }, []);
  return { panel, mapArea, covered };
}

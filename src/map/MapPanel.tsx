/**
 * The side panel of a full map: 400 px beside the map on tablets and larger, a bottom
 * drawer on phones (map.css), with the toggle that folds it away and opens it again.
 */
import type { ReactNode, Ref } from 'react';
import { MAP_TEXTS } from './texts.ts';

export function MapPanel({
  id,
  open,
  onToggle,
  panelRef,
  children,
}: {
  id: string;
  open: boolean;
  onToggle: () => void;
  /** The panel element, for a caller that measures how much of the map it covers. */
  panelRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div ref={panelRef} className={open ? 'ml-map-panel' : 'ml-map-panel ml-map-panel--collapsed'}>
      <button type="button" className="ml-map-panel__toggle" aria-expanded={open} aria-controls={id} aria-label={open ? MAP_TEXTS.closePanel : MAP_TEXTS.openPanel} onClick={onToggle}>
        <span aria-hidden="true" className="ml-map-panel__chevron" />
      </button>
      <div id={id} className="ml-map-panel__body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

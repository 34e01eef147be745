/**
 * A map's legend, folded away behind a 'Legenda' button until the person opens it; the legend's own
 * close button folds it again, in the map's lower right corner. Shared by the location step's map and the public map.
 */
import { useState, type ReactNode } from 'react';
import { MAP_TEXTS } from './texts.ts';

export function LegendToggle({ legend }: { legend: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="ml-legend-toggle">
      {open ? (
        legend(() => setOpen(false))
      ) : (
        <button type="button" className="ml-button ml-button--secondary" aria-expanded={false} onClick={() => setOpen(true)}>
          {MAP_TEXTS.legend}
        </button>
      )}
    </div>
  );
}

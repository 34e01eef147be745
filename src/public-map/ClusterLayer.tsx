/**
 * The public maps' reports on the map: the shared cluster layer (src/map/ClusterLayer.tsx) over
 * what the server gave for the view (single reports and its clusters), with a dot in the main
 * category's colour and the category and date as label.
 */
import { formatReportedOn } from '@meldloket/engine';
import { ClusterLayer as PointClusterLayer, reportIcon } from '../map/ClusterLayer.tsx';
import type { MapItem, PublicReport } from './useReports.ts';
import type { Covered } from '../map/MapView.tsx';
import { PUBLIC_MAP_TEXTS } from './texts.ts';

export { mercatorZoomOffset } from '../map/ClusterLayer.tsx';

export interface ClusterLayerProps {
  items: MapItem[];
  colourOf: (mainSlug: string) => string;
  onSelect: (reports: PublicReport[]) => void;
  covered?: () => Covered;
  coverRevision?: number;
}

export const reportLabel = (r: PublicReport) => PUBLIC_MAP_TEXTS.reportLabel(`${r.category.name} (${r.category.parent.name})`, formatReportedOn(r.createdAt));

export function ClusterLayer({ items, colourOf, onSelect, covered, coverRevision }: ClusterLayerProps) {
  return (
    <PointClusterLayer
      points={items}
      countOf={(item) => item.count}
      expansionOf={(item) => item.expansionZoom}
      iconOf={(item) => reportIcon(colourOf(item.report?.category.parent.slug ?? ''))}
      labelOf={(item) => (item.report ? reportLabel(item.report) : PUBLIC_MAP_TEXTS.clusterLabel(item.count))}
      clusterLabel={PUBLIC_MAP_TEXTS.clusterLabel}
      onSelect={(list) => onSelect(list.flatMap((item) => (item.report ? [item.report] : [])))}
      covered={covered}
      coverRevision={coverRevision}
    />
  );
}

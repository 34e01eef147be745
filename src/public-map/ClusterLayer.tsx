/**
 * The public maps' reports on the map: the shared cluster layer (src/map/ClusterLayer.tsx)
 * with a dot in the main category's colour and the category and date as label.
 */
import { formatReportedOn } from '@meldloket/engine';
import { ClusterLayer as PointClusterLayer, reportIcon } from '../map/ClusterLayer.tsx';
import type { PublicReport } from './useReports.ts';
import type { Covered } from '../map/MapView.tsx';
import { PUBLIC_MAP_TEXTS } from './texts.ts';

export { mercatorZoomOffset } from '../map/ClusterLayer.tsx';

export interface ClusterLayerProps {
  reports: PublicReport[];
  colourOf: (mainSlug: string) => string;
  onSelect: (reports: PublicReport[]) => void;
  covered?: () => Covered;
  coverRevision?: number;
}

export const reportLabel = (r: PublicReport) => PUBLIC_MAP_TEXTS.reportLabel(`${r.category.name} (${r.category.parent.name})`, formatReportedOn(r.createdAt));

export function ClusterLayer({ reports, colourOf, onSelect, covered, coverRevision }: ClusterLayerProps) {
  return (
    <PointClusterLayer
      points={reports}
      iconOf={(r) => reportIcon(colourOf(r.category.parent.slug))}
      labelOf={reportLabel}
      clusterLabel={PUBLIC_MAP_TEXTS.clusterLabel}
      onSelect={onSelect}
      covered={covered}
      coverRevision={coverRevision}
    />
  );
}

/**
 * The reports on the map, clustered by supercluster: after every move only the
 * clusters and single reports in view are drawn (a few hundred markers at most,
 * however many reports are loaded). A cluster zooms in on Enter or click; at the
 * deepest zoom it, like a single report, opens the reports in the detail panel.
 */
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import Supercluster from 'supercluster';
import { formatReportedOn } from '@meldloket/engine';
import { RD_RESOLUTIONS } from '../map/crs.ts';
import { ICON_SIZE } from '../map/icons.ts';
import type { PublicReport } from './useReports.ts';
import { PUBLIC_MAP_TEXTS } from './texts.ts';

/** Cluster radius in screen pixels. */
const RADIUS = 60;
/** Web Mercator resolution (m/px) at zoom 0 on the equator. */
const MERCATOR_RESOLUTION = 156543.03392;

/**
 * supercluster counts zoom levels in Web Mercator tiles; the map uses the Dutch grid.
 * The difference in levels at a latitude, so a radius of 60 px stays 60 px on screen.
 */
export function mercatorZoomOffset(lat: number): number {
  return Math.log2((MERCATOR_RESOLUTION * Math.cos((lat * Math.PI) / 180)) / RD_RESOLUTIONS[0]);
}

type Props = { i: number };

export interface ClusterLayerProps {
  reports: PublicReport[];
  colourOf: (mainSlug: string) => string;
  onSelect: (reports: PublicReport[]) => void;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? ICON_SIZE : count < 100 ? ICON_SIZE + 8 : ICON_SIZE + 16;
  const text = count < 1000 ? String(count) : `${Math.floor(count / 1000)}k`;
  return L.divIcon({ html: `<span aria-hidden="true">${text}</span>`, className: 'ml-report-cluster', iconSize: [size, size] });
}

const reportIcons = new Map<string, L.DivIcon>();
function reportIcon(colour: string): L.DivIcon {
  let icon = reportIcons.get(colour);
  if (!icon) {
    icon = L.divIcon({ html: `<span aria-hidden="true" style="background:${esc(colour)}"></span>`, className: 'ml-report-marker', iconSize: [ICON_SIZE, ICON_SIZE] });
    reportIcons.set(colour, icon);
  }
  return icon;
}

export const reportLabel = (r: PublicReport) => PUBLIC_MAP_TEXTS.reportLabel(`${r.category.name} (${r.category.parent.name})`, formatReportedOn(r.createdAt));

export function ClusterLayer({ reports, colourOf, onSelect }: ClusterLayerProps) {
  const map = useMap();
  const latest = useRef({ onSelect, colourOf });
  latest.current = { onSelect, colourOf };
  const index = useMemo(() => {
    const cluster = new Supercluster<Props, Props>({ radius: RADIUS, maxZoom: 22, minPoints: 2 });
    cluster.load(reports.map((r, i) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [r.lng, r.lat] }, properties: { i } })));
    return cluster;
  }, [reports]);
  const layer = useMemo(() => L.layerGroup(), []);

  useEffect(() => {
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, layer]);

  useEffect(() => {
    const offset = mercatorZoomOffset(map.getCenter().lat);
    const add = (marker: L.Marker, label: string, onActivate: () => void) => {
      marker.on('click', onActivate);
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('aria-label', label);
        element?.addEventListener('keydown', (event) => {
          // A marker is a button: Enter or Space activates it, as a click does.
          if (event.key !== ' ' && event.key !== 'Enter') return;
          event.preventDefault();
          onActivate();
        });
      });
      layer.addLayer(marker);
    };
    const draw = () => {
      const focused = (layer.getLayers() as L.Marker[]).find((m) => m.getElement()?.contains(document.activeElement));
      const focusedAt = focused?.getLatLng();
      layer.clearLayers();
      const b = map.getBounds().pad(0.05);
      const zoom = map.getZoom();
      const atDeepest = zoom >= map.getMaxZoom();
      const features = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(zoom + offset));
      for (const feature of features) {
        const [lng, lat] = feature.geometry.coordinates;
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const id = props.cluster_id;
          const marker = L.marker([lat, lng], { icon: clusterIcon(props.point_count), keyboard: true, riseOnHover: true });
          add(marker, PUBLIC_MAP_TEXTS.clusterLabel(props.point_count), () => {
            if (atDeepest) {
              latest.current.onSelect(index.getLeaves(id, Infinity).map((leaf) => reports[leaf.properties.i]));
              return;
            }
            const next = Math.min(map.getMaxZoom(), Math.max(zoom + 1, Math.round(index.getClusterExpansionZoom(id) - offset)));
            map.setView([lat, lng], next);
          });
        } else {
          const report = reports[(props as Props).i];
          const marker = L.marker([lat, lng], { icon: reportIcon(latest.current.colourOf(report.category.parent.slug)), keyboard: true });
          add(marker, reportLabel(report), () => latest.current.onSelect([report]));
        }
      }
      // Keep keyboard users where they were: on the marker drawn nearest to the one they used.
      if (focusedAt) {
        const origin = map.latLngToContainerPoint(focusedAt);
        let nearest: L.Marker | undefined;
        let best = RADIUS * 2;
        for (const m of layer.getLayers() as L.Marker[]) {
          const d = map.latLngToContainerPoint(m.getLatLng()).distanceTo(origin);
          if (d < best) [nearest, best] = [m, d];
        }
        (nearest?.getElement() ?? map.getContainer()).focus({ preventScroll: true });
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.clearLayers();
    };
  }, [map, index, layer, reports]);

  return null;
}

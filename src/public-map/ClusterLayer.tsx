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
    /** The markers on the map by key (a cluster of this zoom level, or one report): kept while they stay in view. */
    const drawn = new Map<string, L.Marker>();
    let draws = 0;
    const make = (key: string, marker: L.Marker, label: string, onActivate: () => void) => {
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
      drawn.set(key, marker);
      layer.addLayer(marker);
    };
    const draw = () => {
      const b = map.getBounds().pad(0.05);
      const zoom = map.getZoom();
      const features = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(zoom + offset));
      const keys = new Set<string>();
      const added: (() => void)[] = [];
      for (const feature of features) {
        const [lng, lat] = feature.geometry.coordinates;
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const id = props.cluster_id;
          const key = `c${id}`;
          keys.add(key);
          if (drawn.has(key)) continue;
          added.push(() =>
            make(key, L.marker([lat, lng], { icon: clusterIcon(props.point_count), keyboard: true, riseOnHover: true }), PUBLIC_MAP_TEXTS.clusterLabel(props.point_count), () => {
              const now = map.getZoom();
              if (now >= map.getMaxZoom()) {
                latest.current.onSelect(index.getLeaves(id, Infinity).map((leaf) => reports[leaf.properties.i]));
                return;
              }
              const next = Math.min(map.getMaxZoom(), Math.max(now + 1, Math.round(index.getClusterExpansionZoom(id) - offset)));
              map.setView([lat, lng], next);
            }),
          );
        } else {
          const i = (props as Props).i;
          const key = `p${i}`;
          keys.add(key);
          if (drawn.has(key)) continue;
          const report = reports[i];
          added.push(() => make(key, L.marker([lat, lng], { icon: reportIcon(latest.current.colourOf(report.category.parent.slug)), keyboard: true }), reportLabel(report), () => latest.current.onSelect([report])));
        }
      }
      let focusedAt: L.LatLng | undefined;
      for (const [key, marker] of drawn) {
        if (keys.has(key)) continue;
        if (marker.getElement()?.contains(document.activeElement)) focusedAt = marker.getLatLng();
        layer.removeLayer(marker);
        drawn.delete(key);
      }
      for (const add of added) add();
      // Keep keyboard users where they were: on the marker drawn nearest to the one that went.
      if (focusedAt) {
        const origin = map.latLngToContainerPoint(focusedAt);
        let nearest: L.Marker | undefined;
        let best = RADIUS * 2;
        for (const m of drawn.values()) {
          const d = map.latLngToContainerPoint(m.getLatLng()).distanceTo(origin);
          if (d < best) [nearest, best] = [m, d];
        }
        (nearest?.getElement() ?? map.getContainer()).focus({ preventScroll: true });
      }
      // How many times the markers were brought up to date (the benchmark waits for it).
      map.getContainer().dataset.reportsDrawn = String(++draws);
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

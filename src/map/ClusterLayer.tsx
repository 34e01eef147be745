/**
 * Points on the map (reports), clustered by supercluster: after every move only the
 * clusters and single points in view are drawn (a few hundred markers at most,
 * however many points are loaded). A cluster zooms in on Enter or click; at the
 * deepest zoom it, like a single point, is chosen (`onSelect` with its points).
 * Used by the public maps (src/public-map) and the back-office overview's map.
 */
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import Supercluster from 'supercluster';
import { RD_RESOLUTIONS } from './crs.ts';
import { ICON_SIZE } from './icons.ts';
import './cluster.css';

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

export interface ClusterPoint {
  lat: number;
  lng: number;
}

export interface ClusterLayerProps<P extends ClusterPoint> {
  points: P[];
  /** The marker of one point. */
  iconOf: (point: P) => L.DivIcon;
  /** What a screen reader hears for one point, and for a cluster of `n`. */
  labelOf: (point: P) => string;
  clusterLabel: (n: number) => string;
  onSelect: (points: P[]) => void;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? ICON_SIZE : count < 100 ? ICON_SIZE + 8 : ICON_SIZE + 16;
  const text = count < 1000 ? String(count) : `${Math.floor(count / 1000)}k`;
  return L.divIcon({ html: `<span aria-hidden="true">${text}</span>`, className: 'ml-report-cluster', iconSize: [size, size] });
}

const reportIcons = new Map<string, L.DivIcon>();
/** A dot in `colour` (cached per colour). */
export function reportIcon(colour: string): L.DivIcon {
  let icon = reportIcons.get(colour);
  if (!icon) {
    icon = L.divIcon({ html: `<span aria-hidden="true" style="background:${esc(colour)}"></span>`, className: 'ml-report-marker', iconSize: [ICON_SIZE, ICON_SIZE] });
    reportIcons.set(colour, icon);
  }
  return icon;
}

export function ClusterLayer<P extends ClusterPoint>({ points: reports, iconOf, labelOf, clusterLabel, onSelect }: ClusterLayerProps<P>) {
  const map = useMap();
  const latest = useRef({ onSelect, iconOf, labelOf, clusterLabel });
  latest.current = { onSelect, iconOf, labelOf, clusterLabel };
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
            make(key, L.marker([lat, lng], { icon: clusterIcon(props.point_count), keyboard: true, riseOnHover: true }), latest.current.clusterLabel(props.point_count), () => {
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
          added.push(() => make(key, L.marker([lat, lng], { icon: latest.current.iconOf(report), keyboard: true }), latest.current.labelOf(report), () => latest.current.onSelect([report])));
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

/**
 * Points on the map (reports), clustered by supercluster: after every move only the
 * clusters and single points in view are drawn (a few hundred markers at most,
 * however many points are loaded). A cluster zooms in on Enter or click; at the
 * deepest zoom it, like a single point, is chosen (`onSelect` with its points).
 * Used by the public maps (src/public-map) and the back-office overview's map.
 *
 * A point may stand for several reports (`countOf`: a cluster the server made, as the public
 * maps get them): it is drawn as a cluster of that many, opens by zooming in to where it splits
 * (`expansionOf`), and counts as that many in the clusters it joins here.
 */
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import Supercluster from 'supercluster';
import { RD_RESOLUTIONS } from './crs.ts';
import { ICON_SIZE } from './icons.ts';
import type { Covered } from './MapView.tsx';
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

type Props = { i: number; n: number };

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
  /** How many reports a point stands for (default 1). */
  countOf?: (point: P) => number;
  /** For a point of more than one: the zoom level (Web Mercator) at which it splits. */
  expansionOf?: (point: P) => number | undefined;
  /**
   * How much of the map a side panel or drawer covers (px): a marker not wholly in the free part is
   * no tab stop and hidden from screen readers (its focus would be obscured, WCAG 2.4.11).
   */
  covered?: () => Covered;
  /** Changes when what `covered` says may have changed (the panel opened, closed or resized). */
  coverRevision?: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  const text = count < 1000 ? String(count) : `${Math.floor(count / 1000)}k`;
  return L.divIcon({ html: `<span aria-hidden="true">${text}</span>`, className: 'ml-report-cluster', iconSize: [size, size] });
}

/** The size of a cluster's disc (px) for `count` points. */
const clusterSize = (count: number) => (count < 10 ? ICON_SIZE : count < 100 ? ICON_SIZE + 8 : ICON_SIZE + 16);

/**
 * What is drawn at one place: a cluster of supercluster, a single point, or several of them
 * drawn as one because their markers would overlap on screen. `points` are indexes into the
 * points, for single points; clusters are asked for their leaves when needed.
 */
interface Group {
  key: string;
  latLng: L.LatLng;
  /** Where on the map's container (px). */
  at: L.Point;
  count: number;
  points: number[];
  clusters: number[];
}

function placed(feature: ReturnType<Supercluster<Props, Props>['getClusters']>[number], map: L.Map): Group {
  const [lng, lat] = feature.geometry.coordinates as [number, number];
  const latLng = L.latLng(lat, lng);
  const props = feature.properties;
  const base = { latLng, at: map.latLngToContainerPoint(latLng) };
  if ('cluster' in props && props.cluster) return { ...base, key: `c${props.cluster_id}`, count: props.n, points: [], clusters: [props.cluster_id] };
  const { i, n } = props as Props;
  return { ...base, key: `p${i}`, count: n, points: [i], clusters: [] };
}

const sizeOf = (group: Group) => (group.count === 1 ? ICON_SIZE : clusterSize(group.count));

/**
 * Markers never overlap: supercluster groups points within its radius, but the centres of two
 * clusters can end up closer than their discs are wide (and two single points closer than the
 * 40 px a marker needs to be hit). Such neighbours are drawn as one cluster, at their weighted
 * centre, until no two markers' boxes touch.
 */
function apart(groups: Group[]): (Group & { leaves(index: Supercluster<Props, Props>): number[]; expansionZoom(index: Supercluster<Props, Props>): number })[] {
  const list = [...groups].sort((a, b) => b.count - a.count);
  let merged = true;
  while (merged) {
    merged = false;
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const one = list[a]!;
        const two = list[b]!;
        // the markers' boxes (what a tap or click hits) touch
        const reach = (sizeOf(one) + sizeOf(two)) / 2;
        if (Math.abs(one.at.x - two.at.x) >= reach || Math.abs(one.at.y - two.at.y) >= reach) continue;
        const count = one.count + two.count;
        const at = L.point((one.at.x * one.count + two.at.x * two.count) / count, (one.at.y * one.count + two.at.y * two.count) / count);
        const latLng = L.latLng((one.latLng.lat * one.count + two.latLng.lat * two.count) / count, (one.latLng.lng * one.count + two.latLng.lng * two.count) / count);
        const keys = [...one.key.split('+'), ...two.key.split('+')].sort();
        list[a] = { key: keys.join('+'), latLng, at, count, points: [...one.points, ...two.points], clusters: [...one.clusters, ...two.clusters] };
        list.splice(b, 1);
        merged = true;
        // the grown marker is checked against every other again
        b = a;
      }
    }
  }
  return list.map((group) => ({
    ...group,
    leaves: (index) => [...group.points, ...group.clusters.flatMap((id) => index.getLeaves(id, Infinity).map((leaf) => leaf.properties.i))],
    // a group opens where the first of its clusters opens; points only: one level deeper (the caller's least)
    expansionZoom: (index) => (group.clusters.length > 0 ? Math.min(...group.clusters.map((id) => index.getClusterExpansionZoom(id))) : -Infinity),
  }));
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

export function ClusterLayer<P extends ClusterPoint>({ points: reports, iconOf, labelOf, clusterLabel, onSelect, countOf, expansionOf, covered, coverRevision }: ClusterLayerProps<P>) {
  const map = useMap();
  const latest = useRef({ onSelect, iconOf, labelOf, clusterLabel, covered, expansionOf });
  latest.current = { onSelect, iconOf, labelOf, clusterLabel, covered, expansionOf };
  /** Marks which markers are reachable (wholly in the free part of the map); set by the drawing effect. */
  const markReachable = useRef<() => void>(() => {});
  /** How many times the markers were brought up to date, across new points too. */
  const draws = useRef(0);
  /** Where the focused marker was when new points replaced the markers (focus goes to the nearest new one). */
  const focusLeft = useRef<L.LatLng | undefined>(undefined);
  const index = useMemo(() => {
    const cluster = new Supercluster<Props, Props>({
      radius: RADIUS,
      maxZoom: 22,
      minPoints: 2,
      map: (props) => ({ i: props.i, n: props.n }),
      reduce: (sum, props) => void (sum.n += props.n),
    });
    cluster.load(reports.map((r, i) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [r.lng, r.lat] }, properties: { i, n: countOf?.(r) ?? 1 } })));
    return cluster;
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      for (const group of apart(features.map((feature) => placed(feature, map)))) {
        const key = group.key;
        keys.add(key);
        if (drawn.has(key)) continue;
        if (group.count === 1 && group.points.length === 1) {
          const report = reports[group.points[0]!];
          added.push(() => make(key, L.marker(group.latLng, { icon: latest.current.iconOf(report), keyboard: true }), latest.current.labelOf(report), () => latest.current.onSelect([report])));
          continue;
        }
        added.push(() =>
          make(key, L.marker(group.latLng, { icon: clusterIcon(group.count), keyboard: true, riseOnHover: true }), latest.current.clusterLabel(group.count), () => {
            const now = map.getZoom();
            if (now >= map.getMaxZoom()) {
              latest.current.onSelect(group.leaves(index).map((i) => reports[i]));
              return;
            }
            // a point of several (a cluster the server made) opens where it splits, as a cluster made here
            const opens = [group.expansionZoom(index), ...group.points.map((i) => latest.current.expansionOf?.(reports[i]!) ?? -Infinity)].filter(Number.isFinite);
            map.setView(group.latLng, Math.min(map.getMaxZoom(), Math.max(now + 1, opens.length > 0 ? Math.round(Math.min(...opens) - offset) : -Infinity)));
          }),
        );
      }
      let focusedAt: L.LatLng | undefined = focusLeft.current;
      focusLeft.current = undefined;
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
      markReachable.current();
      // How many times the markers were brought up to date (the benchmark waits for it).
      map.getContainer().dataset.reportsDrawn = String(++draws.current);
    };
    markReachable.current = () => {
      const area = latest.current.covered?.() ?? { left: 0, bottom: 0 };
      const size = map.getSize();
      for (const marker of drawn.values()) {
        const element = marker.getElement();
        if (!element) continue;
        const at = map.latLngToContainerPoint(marker.getLatLng());
        const half = element.offsetWidth / 2;
        const free = at.x - half >= area.left && at.x + half <= size.x && at.y - half >= 0 && at.y + half <= size.y - area.bottom;
        element.tabIndex = free ? 0 : -1;
        if (free) element.removeAttribute('aria-hidden');
        else element.setAttribute('aria-hidden', 'true');
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      for (const marker of drawn.values()) if (marker.getElement()?.contains(document.activeElement)) focusLeft.current = marker.getLatLng();
      layer.clearLayers();
    };
  }, [map, index, layer, reports]);
  useEffect(() => markReachable.current(), [coverRevision]);

  return null;
}

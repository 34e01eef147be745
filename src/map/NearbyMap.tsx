/**
 * The open reports nearby on step 2 (docs/duplicates.md, 'Is dit hetzelfde probleem?'): a small map with the
 * chosen location (a pin) and one numbered marker per report, the same numbers as the list beside
 * it. The map does not move (the list is what one reads); each marker is a button, reachable by Tab,
 * named as its list item ('Melding SIG-…'); Enter, Space or a click hands its report to `onSelect`.
 * Markers at one place (reports at the same address) are fanned out around it, so each can be seen
 * and tapped.
 */
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useConfig } from '../config/index.ts';
import { MAX_NATIVE_ZOOM, RD_CRS, STILL_MAP_PROPS } from './crs.ts';
import { markerIcon, TOUCH_TARGET } from './icons.ts';
import './map.css';

export interface NearbyMapPoint {
  id: number;
  lat: number;
  lng: number;
  /** The accessible name of its marker: the list item's heading. */
  label: string;
}

export interface NearbyMapProps {
  /** The chosen location. */
  location: { lat: number; lng: number };
  /** In list order: marker n shows n (1-based). */
  points: NearbyMapPoint[];
  /** The map's name for a screen reader. */
  label: string;
  onSelect: (id: number) => void;
}

/** The deepest zoom the map shows the reports at (a street, with the houses around). */
const MAX_ZOOM = 14;
/** Markers closer than this (px) are fanned out on a circle of FAN_RADIUS around their centre. */
const TOO_CLOSE = TOUCH_TARGET;
const FAN_RADIUS = TOUCH_TARGET * 0.75;

function numberIcon(n: number): L.DivIcon {
  return L.divIcon({ html: `<span class="ml-nearby-number" aria-hidden="true">${n}</span>`, className: 'ml-nearby-marker', iconSize: [TOUCH_TARGET, TOUCH_TARGET] });
}

/** The reports' markers, placed once the map knows its size and zoom. */
function Markers({ location, points, onSelect }: Omit<NearbyMapProps, 'label'>) {
  const map = useMap();
  useEffect(() => {
    const bounds = L.latLngBounds([location, ...points].map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [TOUCH_TARGET, TOUCH_TARGET], maxZoom: MAX_ZOOM, animate: false });
    // group markers that would overlap on screen and fan each group out around its centre
    const at = points.map((p) => map.latLngToLayerPoint([p.lat, p.lng]));
    const groups: number[][] = [];
    at.forEach((point, i) => {
      const group = groups.find((g) => g.some((j) => at[j]!.distanceTo(point) < TOO_CLOSE));
      if (group) group.push(i);
      else groups.push([i]);
    });
    const placed = [...at];
    for (const group of groups) {
      if (group.length < 2) continue;
      const centre = group.reduce((sum, i) => sum.add(at[i]!), L.point(0, 0)).divideBy(group.length);
      group.forEach((i, k) => {
        const angle = (2 * Math.PI * k) / group.length - Math.PI / 2;
        placed[i] = centre.add(L.point(Math.cos(angle) * FAN_RADIUS, Math.sin(angle) * FAN_RADIUS));
      });
    }
    const layer = L.layerGroup().addTo(map);
    points.forEach((point, i) => {
      const marker = L.marker(map.layerPointToLatLng(placed[i]!), { icon: numberIcon(i + 1), keyboard: true, title: '' });
      marker.on('click', () => onSelect(point.id));
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('aria-label', point.label);
        element?.removeAttribute('title');
        element?.addEventListener('keydown', (event) => {
          // a marker is a button: Enter or Space activates it, as a click does
          if (event.key !== ' ' && event.key !== 'Enter') return;
          event.preventDefault();
          onSelect(point.id);
        });
      });
      layer.addLayer(marker);
    });
    return () => void layer.remove();
  }, [map, location, points, onSelect]);
  return null;
}

export default function NearbyMap({ location, points, label, onSelect }: NearbyMapProps) {
  const config = useConfig();
  const centre = useMemo(() => [location.lat, location.lng] as [number, number], [location.lat, location.lng]);
  return (
    <div role="group" aria-label={label} className="ml-nearby-map">
      <MapContainer
        className="ml-nearby-map__map"
        crs={RD_CRS}
        center={centre}
        zoom={MAX_ZOOM}
        {...STILL_MAP_PROPS}
      >
        <TileLayer url={config.map.tiles.url} maxNativeZoom={MAX_NATIVE_ZOOM} />
        <Marker position={centre} icon={markerIcon('pin', undefined)} interactive={false} keyboard={false} alt="" />
        <Markers location={location} points={points} onSelect={onSelect} />
      </MapContainer>
    </div>
  );
}

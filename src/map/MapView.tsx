/**
 * The interactive map: RD tiles, the pinned location, the objects as markers
 * (Enter on a focused marker chooses it, like a click; a focused marker under the
 * side panel is panned into view), clicks on the map, Enter or Space on the focused
 * map to pin its centre (a crosshair shows it), and the visible box reported after
 * every move or zoom. Whatever the map moves to is kept out from under the panel.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type L from 'leaflet';
import { MapContainer, Marker, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { Coordinates, LatLngBounds } from '@meldloket/engine';
import { MAX_NATIVE_ZOOM, RD_CRS } from './crs.ts';
import { markerIcon } from './icons.ts';
import { MAP_TEXTS } from './texts.ts';
import type { Bbox, MapObject } from './services/index.ts';

export interface MapViewState {
  bbox: Bbox;
  zoom: number;
  center: Coordinates;
}

export interface MapViewProps {
  center: Coordinates;
  zoom: number;
  minZoom: number;
  maxZoom: number;
  bounds: LatLngBounds;
  tileUrl: string;
  attribution: string;
  pin?: Coordinates;
  objects: MapObject[];
  isSelected: (object: MapObject) => boolean;
  onObjectClick: (object: MapObject) => void;
  onMapClick: (point: Coordinates) => void;
  onViewChange: (view: MapViewState) => void;
  /** Move the map here when `seq` changes (centred in the part the panel leaves free). */
  focus?: { point: Coordinates; zoom: number; seq: number };
  /** More layers on the same map (e.g. the public maps' report clusters). */
  children?: ReactNode;
  /** Pan just enough that this point is in the free part of the map when `seq` changes. */
  reveal?: { point: Coordinates; seq: number };
  /** How much of the map the side panel (or the phone's drawer) covers, in pixels. */
  covered?: () => Covered;
  /** Enter or Space on the focused map: the map's centre as the location. */
  onCentrePin?: (point: Coordinates) => void;
}

/** Pixels of the map covered by the panel: at the left (desktop) or the bottom (phone drawer). */
export interface Covered {
  left: number;
  bottom: number;
}

/** Room kept between a revealed point and the panel's edge. */
const REVEAL_MARGIN = 48;

/** Pans the map just enough that `point` lies in the part of the map the panel leaves free. */
function revealPoint(map: L.Map, point: Coordinates, covered: Covered): void {
  map.panInside([point.lat, point.lng], {
    paddingTopLeft: [covered.left + REVEAL_MARGIN, REVEAL_MARGIN],
    paddingBottomRight: [REVEAL_MARGIN, covered.bottom + REVEAL_MARGIN],
  });
}

const NOTHING_COVERED: Covered = { left: 0, bottom: 0 };

function viewOf(map: L.Map): MapViewState {
  const b = map.getBounds();
  const c = map.getCenter();
  return { bbox: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, zoom: map.getZoom(), center: { lat: c.lat, lng: c.lng } };
}

/** A click waits this long, so a double click zooms in without pinning a location (docs/reference/limits.md#constants). */
export const DOUBLE_CLICK_DELAY = 300;

function Events({ onMapClick, onViewChange, focus, reveal, covered, onCentrePin }: Pick<MapViewProps, 'onMapClick' | 'onViewChange' | 'focus' | 'reveal' | 'covered' | 'onCentrePin'>) {
  const map = useMap();
  const centrePin = useRef(onCentrePin);
  centrePin.current = onCentrePin;
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useMapEvents({
    click: (event) => {
      clearTimeout(pending.current);
      const point = { lat: event.latlng.lat, lng: event.latlng.lng };
      pending.current = setTimeout(() => onMapClick(point), DOUBLE_CLICK_DELAY);
    },
    dblclick: () => clearTimeout(pending.current),
    moveend: () => onViewChange(viewOf(map)),
  });
  useEffect(() => () => clearTimeout(pending.current), []);
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', MAP_TEXTS.mapLabel);
    onViewChange(viewOf(map));
    // Enter or Space on the map itself (not on a marker or control inside it) pins its centre.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== container || (event.key !== 'Enter' && event.key !== ' ') || !centrePin.current) return;
      event.preventDefault();
      const c = map.getCenter();
      centrePin.current({ lat: c.lat, lng: c.lng });
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  useEffect(() => {
    if (!focus) return;
    // centre the point in the free part of the map: shift the centre by half of what the panel covers
    const { left, bottom } = covered?.() ?? NOTHING_COVERED;
    const at = map.project([focus.point.lat, focus.point.lng], focus.zoom).add([-left / 2, bottom / 2]);
    map.setView(map.unproject(at, focus.zoom), focus.zoom);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.seq]);
  useEffect(() => {
    if (reveal) revealPoint(map, reveal.point, covered?.() ?? NOTHING_COVERED);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal?.seq]);
  return null;
}

/** Whether a point is in the free part of the map: inside it and not under the side panel or drawer. */
function inFreePart(map: L.Map, point: Coordinates, covered: Covered): boolean {
  const { x, y } = map.latLngToContainerPoint([point.lat, point.lng]);
  const size = map.getSize();
  return x >= covered.left && x <= size.x && y >= 0 && y <= size.y - covered.bottom;
}

function ObjectMarker({
  object,
  selected,
  small,
  reachable,
  onClick,
  onFocus,
}: {
  object: MapObject;
  selected: boolean;
  small: boolean;
  /** In the free part of the map: only then is it a tab stop (a marker under the panel would take an obscured focus, WCAG 2.4.11). */
  reachable: boolean;
  onClick: () => void;
  onFocus: () => void;
}) {
  const state = selected ? 'selected' : object.status;
  const statusText = object.status === 'reported' ? `, ${MAP_TEXTS.reported}` : object.status === 'checked' ? `, ${MAP_TEXTS.checked}` : '';
  const text = `${object.label}${statusText}`;
  const marker = useRef<L.Marker>(null);
  const icon = markerIcon(object.featureType.iconId, state, small);
  useEffect(() => {
    // Leaflet keeps the first alt text (and sets it again with every new icon); keep the element's text and pressed state current.
    const element = marker.current?.getElement();
    if (!element) return;
    element.setAttribute('alt', text);
    element.setAttribute('title', text);
    element.setAttribute('aria-pressed', String(selected));
    if (object.status === 'reported' && !selected) element.setAttribute('aria-disabled', 'true');
    else element.removeAttribute('aria-disabled');
  }, [text, selected, object.status, icon]);
  useEffect(() => {
    // Leaflet makes every marker a tab stop (and again with every new icon)
    const element = marker.current?.getElement();
    if (element) element.tabIndex = reachable ? 0 : -1;
  }, [reachable, icon]);
  const focused = useRef(onFocus);
  focused.current = onFocus;
  useEffect(() => {
    // a marker that takes focus under the side panel is panned into view (WCAG 2.4.11)
    const element = marker.current?.getElement();
    if (!element) return;
    const listener = () => focused.current();
    element.addEventListener('focus', listener);
    return () => element.removeEventListener('focus', listener);
  }, [icon]);
  return (
    <Marker
      ref={marker}
      position={[object.coordinates.lat, object.coordinates.lng]}
      icon={icon}
      alt={text}
      title={text}
      keyboard
      eventHandlers={{
        click: onClick,
        // A marker is a button: Enter or Space on the focused marker chooses it, as a click does.
        keypress: (event) => {
          const key = (event.originalEvent as KeyboardEvent).key;
          if (key !== 'Enter' && key !== ' ') return;
          event.originalEvent.preventDefault();
          onClick();
        },
      }}
    />
  );
}

/** Below this zoom level object markers are drawn small (20 px instead of 40 px, docs/reference/limits.md#constants). */
export const SMALL_ICONS_BELOW_ZOOM = 15;

/** The object markers, small or large by the map's current zoom level. */
function ObjectMarkers({ objects, isSelected, onObjectClick, covered }: Pick<MapViewProps, 'objects' | 'isSelected' | 'onObjectClick' | 'covered'>) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  // which markers are in the free part of the map, again after every move, zoom or resize
  const [moves, setMoves] = useState(0);
  useMapEvents({
    zoomend: () => setZoom(map.getZoom()),
    moveend: () => setMoves((n) => n + 1),
    resize: () => setMoves((n) => n + 1),
  });
  useEffect(() => {
    // the panel folding or unfolding changes what it covers without moving the map
    const panel = document.querySelector('.ml-map-panel');
    if (!panel || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setMoves((n) => n + 1));
    observer.observe(panel);
    panel.addEventListener('transitionend', () => setMoves((n) => n + 1));
    return () => observer.disconnect();
  }, []);
  const free = useMemo(() => {
    const area = covered?.() ?? NOTHING_COVERED;
    return (object: MapObject) => inFreePart(map, object.coordinates, area);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, covered, moves, zoom, objects]);
  const small = zoom < SMALL_ICONS_BELOW_ZOOM;
  return (
    <>
      {objects.map((object) => (
        <ObjectMarker
          key={`${object.type}-${object.id}`}
          object={object}
          selected={isSelected(object)}
          small={small}
          reachable={free(object)}
          onClick={() => onObjectClick(object)}
          onFocus={() => revealPoint(map, object.coordinates, covered?.() ?? NOTHING_COVERED)}
        />
      ))}
    </>
  );
}

export default function MapView(props: MapViewProps) {
  const { center, zoom, minZoom, maxZoom, bounds, tileUrl, attribution, pin, objects, isSelected, onObjectClick } = props;
  return (
    <MapContainer
      className="ml-map"
      crs={RD_CRS}
      center={[center.lat, center.lng]}
      zoom={zoom}
      minZoom={minZoom}
      maxZoom={maxZoom}
      maxBounds={bounds}
      maxBoundsViscosity={1}
      zoomControl={false}
      keyboard
      doubleClickZoom
    >
      <TileLayer url={tileUrl} attribution={attribution} maxNativeZoom={MAX_NATIVE_ZOOM} maxZoom={maxZoom} />
      <ZoomControl position="topright" zoomInTitle={MAP_TEXTS.zoomInButton} zoomOutTitle={MAP_TEXTS.zoomOutButton} />
      <Events
        onMapClick={props.onMapClick}
        onViewChange={props.onViewChange}
        focus={props.focus}
        reveal={props.reveal}
        covered={props.covered}
        onCentrePin={props.onCentrePin}
      />
      <ObjectMarkers objects={objects} isSelected={isSelected} onObjectClick={onObjectClick} covered={props.covered} />
      {pin && <Marker position={[pin.lat, pin.lng]} icon={markerIcon('pin', undefined)} interactive={false} keyboard={false} alt={MAP_TEXTS.pinLabel} />}
      {props.children}
    </MapContainer>
  );
}

/**
 * The full-screen location and object selector (docs/reference/screens.md#routes 'Map and location
 * screen', docs/reference/statuses.md#states-and-transitions asset selection and drawer). A side panel (a bottom drawer on
 * phones) holds everything needed without the map: address search, 'Mijn
 * locatie', the location summary, the objects nearby as checkboxes, 'not on
 * map' and the submit button. The map beside it does the same by pointer.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatAddress, isLocationSet, maxAssetWarningText, type Address, type Coordinates } from '@meldloket/engine';
import type { MapSelectorProps } from '@meldloket/renderer';
import { useConfig } from '../config/index.ts';
import { AddressSearch } from './AddressSearch.tsx';
import { Legend } from './Legend.tsx';
import { LegendToggle } from './LegendToggle.tsx';
import { LocationSummary } from './LocationSummary.tsx';
import { MapPanel } from './MapPanel.tsx';
import MapView, { type MapViewState } from './MapView.tsx';
import { MyLocationButton } from './MyLocationButton.tsx';
import { NotOnMap } from './NotOnMap.tsx';
import { ObjectList } from './ObjectList.tsx';
import { NOT_ON_MAP, objectConfig } from './featureTypes.ts';
import { isSelected, selection, toSelectedAsset, type SelectionState } from './selection.ts';
import { boxAround, distance, reverseGeocode, suggestAddresses, type AddressSuggestion, type MapObject } from './services/index.ts';
import { MAP_TEXTS } from './texts.ts';
import { useInertBackground } from './useInertBackground.ts';
import { useObjects } from './useObjects.ts';
import { usePanelCover } from './usePanelCover.ts';
import { useMapSettings } from './useMapSettings.ts';
import './map.css';

/** The drawer opens when zoomed out beyond this level (docs/reference/statuses.md#states-and-transitions). */
const DRAWER_OPEN_BELOW_ZOOM = 13;
/** The first pinned location zooms in to at least this level (docs/reference/limits.md#constants). */
const FIRST_PIN_MIN_ZOOM = 11;
/** Zoom level after choosing an address or 'Mijn locatie'. */
const LOCATED_ZOOM = 14;
/** Objects within this many metres of the location are listed. */
const NEARBY_RADIUS = 100;
const NEARBY_MAX = 10;

const objectKey = (o: { type: string; id: string | number }) => `${o.type}|${o.id}`;

export default function MapSelector({ kind, question, value, onSubmit, onClose }: MapSelectorProps) {
  const config = useConfig();
  const key = question.key;
  const cfg = useMemo(() => objectConfig(kind, question, config.endpoints.wfs), [kind, question, config.endpoints.wfs]);
  const { base, bounds, pdok, queryCentre } = useMapSettings();

  const initialLocation = isLocationSet(value?.location) ? value!.location.coordinates : undefined;
  const [start] = useState(() => {
    const centre = initialLocation ?? queryCentre;
    return { centre, zoom: initialLocation ? Math.max(LOCATED_ZOOM, cfg.zoomMin) : config.map.zoom };
  });
  const [state, setState] = useState<SelectionState>({ answer: value, warning: false });
  const [reference, setReference] = useState<Coordinates | undefined>(initialLocation);
  const [view, setView] = useState<MapViewState>();
  const [focus, setFocus] = useState<{ point: Coordinates; zoom: number; seq: number }>();
  const [reveal, setReveal] = useState<{ point: Coordinates; seq: number }>();
  /** Said to screen readers after the keyboard pinned the map's centre. */
  const [announcement, setAnnouncement] = useState('');
  const [addressLoading, setAddressLoading] = useState(false);
  const [panelOpen, setPanelOpen] = useState(true);
  const lookups = useRef(0);
  const root = useRef<HTMLDivElement>(null);
  const { panel, mapArea, covered } = usePanelCover();
  useInertBackground(root);

  const types = useMemo(() => ({ featureTypes: cfg.featureTypes, featureStatusTypes: cfg.featureStatusTypes, extraProperties: cfg.extraProperties, wfsFilter: cfg.wfsFilter }), [cfg]);
  const showObjects = Boolean(view && view.zoom >= cfg.zoomMin);
  const inView = useObjects(cfg.endpoint, showObjects ? view?.bbox : undefined, types);
  const nearbyBox = useMemo(() => (reference ? boxAround(reference, NEARBY_RADIUS) : undefined), [reference]);
  const nearby = useObjects(cfg.endpoint, nearbyBox, types);

  const location = state.answer?.location;
  const selected = useCallback((o: { type: string; id: string | number }) => isSelected(state, o), [state]);

  /** Sets the location (keeping no objects), then looks up its address when it has none. */
  const pin = (point: Coordinates, address?: Address) => {
    const seq = ++lookups.current;
    setReference(point);
    setState((s) => selection.setLocation(s, key, { coordinates: point, ...(address ? { address } : {}) }));
    if (address) {
      setAddressLoading(false);
      return;
    }
    setAddressLoading(true);
    reverseGeocode(pdok, point).then(
      (found) => {
        if (seq !== lookups.current) return;
        setAddressLoading(false);
        if (found) setState((s) => selection.setLocation(s, key, { coordinates: point, address: found }));
      },
      () => seq === lookups.current && setAddressLoading(false),
    );
  };

  /** Emptying the address field clears a pinned location (chosen objects stay until unchosen). */
  const clearLocation = () => {
    if ((state.answer?.selection ?? []).length > 0) return;
    lookups.current += 1;
    setAddressLoading(false);
    setReference(undefined);
    setState((s) => ({ ...s, answer: undefined }));
  };

  const onMapClick = (point: Coordinates) => {
    const first = !isLocationSet(location);
    pin(point);
    if (first && view && view.zoom < FIRST_PIN_MIN_ZOOM) setFocus({ point, zoom: FIRST_PIN_MIN_ZOOM, seq: Date.now() });
    else setReveal({ point, seq: Date.now() });
  };

  /** Enter or Space on the focused map: its centre becomes the location, and that is said. */
  const onCentrePin = (point: Coordinates) => {
    onMapClick(point);
    setAnnouncement(MAP_TEXTS.pinnedAtCentre);
  };

  const goTo = (point: Coordinates, address?: Address) => {
    pin(point, address);
    setFocus({ point, zoom: Math.max(LOCATED_ZOOM, cfg.zoomMin), seq: Date.now() });
  };

  const toggle = (object: MapObject) => {
    if (object.status === 'reported' && !selected(object)) return;
    const wasSelected = selected(object);
    setState((s) => selection.click(s, key, toSelectedAsset(object), cfg.maxNumberOfAssets));
    if (wasSelected) return;
    setReveal({ point: object.coordinates, seq: Date.now() });
    // Selecting a marker looks up its address; it is added when it arrives.
    reverseGeocode(pdok, object.coordinates).then(
      (address) => address && setState((s) => selection.setAddress(s, key, object, address)),
      () => undefined,
    );
  };

  const onViewChange = (next: MapViewState) => {
    // Zooming out beyond level 13 opens the drawer; panning leaves it as the resident left it.
    if (next.zoom < DRAWER_OPEN_BELOW_ZOOM && next.zoom !== view?.zoom) setPanelOpen(true);
    setView(next);
  };

  // Objects for the list: the nearest around the location (or in view) and every chosen one, by distance.
  // The order does not change when one is chosen, so focus stays on the checkbox just used.
  const listed = useMemo(() => {
    const known = new Map<string, MapObject>();
    for (const o of [...nearby.objects, ...inView.objects]) known.set(objectKey(o), o);
    const chosen = (state.answer?.selection ?? []).flatMap((a) => {
      if (a.type === NOT_ON_MAP) return [];
      const found = known.get(objectKey({ type: a.type, id: a.id }));
      const featureType = cfg.featureTypes.find((t) => String(t.typeValue) === String(a.type));
      if (found) return [found];
      return featureType ? [{ ...a, id: String(a.id), featureType } as MapObject] : [];
    });
    const origin = reference ?? view?.center;
    const pool = reference ? nearby.objects : showObjects ? inView.objects : [];
    const byDistance = (a: MapObject, b: MapObject) => (origin ? distance(origin, a.coordinates) - distance(origin, b.coordinates) : 0);
    const nearest = [...pool].sort(byDistance).slice(0, NEARBY_MAX);
    const all = [...nearest, ...chosen.filter((c) => !nearest.some((o) => objectKey(o) === objectKey(c)))].sort(byDistance);
    return { chosen, all, known };
  }, [nearby.objects, inView.objects, state.answer, cfg.featureTypes, reference, view?.center, showObjects]);

  const onMap = useMemo(() => [...listed.known.values(), ...listed.chosen.filter((c) => !listed.known.has(objectKey(c)))], [listed]);
  const hasObjects = Boolean(cfg.endpoint);
  const anySelected = (state.answer?.selection ?? []).length > 0;
  const submitText = anySelected ? MAP_TEXTS.reportObject : cfg.featureTypes.length > 0 ? MAP_TEXTS.continueWithout(cfg.singular) : cfg.submitText;
  const failed = inView.failed || nearby.failed;
  const search = useCallback((text: string, signal: AbortSignal) => suggestAddresses(pdok, text, signal), [pdok]);
  const withStatus = [...new Set([...(cfg.featureTypes.some((t) => t.isReportedField) ? ['reported' as const] : []), ...cfg.featureStatusTypes.map((s) => s.typeValue)])].filter(
    (s): s is 'reported' | 'checked' => s === 'reported' || s === 'checked',
  );
  const notOnMapAsset = state.answer?.selection?.find((a) => a.type === NOT_ON_MAP);

  const dialog = (
    <div
      ref={root}
      className="ml-map-selector"
      role="dialog"
      aria-modal="true"
      aria-labelledby="ml-map-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <MapPanel id="ml-map-panel-body" open={panelOpen} onToggle={() => setPanelOpen((o) => !o)} panelRef={panel}>
        <div className="ml-map-panel__header">
          <button type="button" className="ml-button ml-button--subtle ml-map-panel__back" onClick={onClose}>
            {MAP_TEXTS.back}
          </button>
          <h2 id="ml-map-title">{cfg.title}</h2>
          {cfg.description && <p className="ml-map-panel__description">{cfg.description}</p>}
        </div>
        <AddressSearch
          search={search}
          onSelect={(s: AddressSuggestion) => goTo(s.coordinates, s.address)}
          initialValue={formatAddress(value?.location?.address)}
          value={isLocationSet(location) ? formatAddress(location?.address) : undefined}
          onClear={clearLocation}
          autoFocus
        />
        <MyLocationButton bounds={bounds} onLocate={(point) => goTo(point)} />
        {failed && (
          <p role="alert" className="ml-map-notice ml-map-notice--error">
            {MAP_TEXTS.mapFailure}
          </p>
        )}
        <LocationSummary location={location} loading={addressLoading} />
        {hasObjects && (
          <ObjectList
            objects={listed.all}
            isSelected={selected}
            onToggle={toggle}
            plural={cfg.plural}
            needsZoom={!reference && !showObjects}
            loading={nearby.loading || inView.loading}
            failed={failed}
          />
        )}
        {cfg.notOnMap && (
          <NotOnMap
            objectType={cfg.singular}
            asset={notOnMapAsset}
            onChange={(next) =>
              setState((s) => {
                let out = notOnMapAsset ? selection.remove(s, key, notOnMapAsset) : s;
                if (next !== undefined) {
                  const point = reference ?? view?.center ?? start.centre;
                  out = selection.click(out, key, { id: next, type: NOT_ON_MAP, description: cfg.notOnMap!.description, label: MAP_TEXTS.notOnMap(cfg.singular) + (next ? ` - ${next}` : ''), coordinates: point }, cfg.maxNumberOfAssets);
                }
                return out;
              })
            }
          />
        )}
        <button type="button" className="ml-button ml-map-panel__submit" onClick={() => onSubmit(state.answer)}>
          {submitText}
        </button>
      </MapPanel>
      <div ref={mapArea} className="ml-map-selector__map">
        {/* The maximum-objects warning shows over the map, where the resident taps, and is read out at once. */}
        <div className="ml-map-selector__alerts" role="alert">
          {state.warning && (
            <div className="ml-map-notice ml-map-notice--warning">
              <p>{maxAssetWarningText(cfg.maxNumberOfAssets, cfg.maxNumberOfAssets === 1 ? cfg.singular : cfg.plural)}</p>
              <button type="button" className="ml-button ml-button--subtle" onClick={() => setState((s) => selection.dismissWarning(s, key))}>
                {MAP_TEXTS.dismissWarning}
              </button>
            </div>
          )}
        </div>
        <p className="ml-visually-hidden" role="status">
          {announcement}
        </p>
        <MapView
          {...base}
          center={start.centre}
          zoom={start.zoom}
          pin={isLocationSet(location) && !anySelected ? location!.coordinates : undefined}
          objects={showObjects || reference ? onMap : []}
          isSelected={selected}
          onObjectClick={toggle}
          onMapClick={onMapClick}
          onViewChange={onViewChange}
          focus={focus}
          reveal={reveal}
          covered={covered}
          onCentrePin={onCentrePin}
        />
        {hasObjects && view && !showObjects && (
          <p className="ml-map-selector__hint" role="status">
            {MAP_TEXTS.zoomIn}
          </p>
        )}
        {hasObjects && (
          <LegendToggle legend={(close) => <Legend featureTypes={cfg.featureTypes} withStatus={withStatus} onClose={close} />} />
        )}
      </div>
    </div>
  );
  return createPortal(dialog, document.body);
}

/**
 * 'Mijn locatie': asks the browser for the current position. A position outside
 * the map's bounds is refused; a refused permission explains where to allow it.
 */
import { useState } from 'react';
import { isInsideBounds, type Coordinates, type LatLngBounds } from '@meldloket/engine';
import { MAP_TEXTS } from './texts.ts';

export interface MyLocationButtonProps {
  bounds: LatLngBounds;
  onLocate: (point: Coordinates) => void;
  geolocation?: Geolocation;
}

type Problem = 'outside' | 'permission' | 'unavailable' | null;

export function MyLocationButton({ bounds, onLocate, geolocation = globalThis.navigator?.geolocation }: MyLocationButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const locate = () => {
    setProblem(null);
    if (!geolocation) {
      setProblem('unavailable');
      return;
    }
    setBusy(true);
    geolocation.getCurrentPosition(
      (position) => {
        setBusy(false);
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        if (!isInsideBounds(point, bounds)) {
          setProblem('outside');
          return;
        }
        onLocate(point);
      },
      (error) => {
        setBusy(false);
        setProblem(error.code === error.PERMISSION_DENIED || error.code === 1 ? 'permission' : 'unavailable');
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="ml-my-location">
      <button type="button" className="ml-button ml-button--secondary ml-my-location__button" onClick={locate} aria-busy={busy || undefined}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" focusable="false">
          <circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="10" cy="10" r="2.5" fill="currentColor" />
          <path d="M10 1v3M10 16v3M1 10h3M16 10h3" stroke="currentColor" strokeWidth="2" />
        </svg>
        {MAP_TEXTS.myLocation}
      </button>
      <div role="status" className="ml-my-location__status">
        {busy && <p className="ml-visually-hidden">{MAP_TEXTS.locating}</p>}
      </div>
      {problem && (
        <div role="alert" className="ml-map-notice ml-map-notice--error">
          {problem === 'outside' && <p>{MAP_TEXTS.outsideMap}</p>}
          {problem === 'permission' && (
            <>
              <p>{MAP_TEXTS.noPermission}</p>
              <p>{MAP_TEXTS.noPermissionHint}</p>
            </>
          )}
          {problem === 'unavailable' && <p>{MAP_TEXTS.locationUnavailable}</p>}
        </div>
      )}
    </div>
  );
}

/**
 * A stand-in for the app's map selector, for stories and tests of the map
 * widgets (the real one lives in the app and needs the map services): it offers
 * one fixed location and, for object questions, one fixed object.
 */
import type { AssetAnswer } from '@meldloket/engine';
import type { MapSelectorProps } from './mapServices.tsx';

export const EXAMPLE_LOCATION: AssetAnswer['location'] = {
  coordinates: { lat: 52.3731, lng: 4.8926 },
  address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam', stadsdeel: 'Centrum' },
};

export function ExampleSelector({ kind, onSubmit, onClose }: MapSelectorProps) {
  const withObject: AssetAnswer = {
    location: EXAMPLE_LOCATION,
    selection: [{ id: '100012', type: '5', description: 'Grachtmast', label: 'Grachtmast - 100012', coordinates: EXAMPLE_LOCATION.coordinates }],
  };
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="example-selector-title">
      <h2 id="example-selector-title">Voorbeeldkaart</h2>
      <button type="button" onClick={() => onSubmit({ location: EXAMPLE_LOCATION })}>
        Kies de Dam
      </button>
      {kind !== 'location' && (
        <button type="button" onClick={() => onSubmit(withObject)}>
          Kies grachtmast 100012
        </button>
      )}
      <button type="button" onClick={onClose}>
        Terug
      </button>
    </div>
  );
}

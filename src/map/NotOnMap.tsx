/** 'De {object} staat niet op de kaart': chosen instead of an object on the map, with the object's number if known. */
import { useId } from 'react';
import type { SelectedAsset } from '@meldloket/engine';
import { MAP_TEXTS } from './texts.ts';

export interface NotOnMapProps {
  objectType: string;
  /** The 'not on map' entry of the selection, when chosen. */
  asset: SelectedAsset | undefined;
  /** undefined: not chosen; a string: chosen with this number ('' for none). */
  onChange: (number: string | undefined) => void;
}

export function NotOnMap({ objectType, asset, onChange }: NotOnMapProps) {
  const id = useId();
  const checked = asset !== undefined;
  return (
    <div className="ml-not-on-map">
      <div className="ml-option">
        <input id={`${id}-check`} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked ? '' : undefined)} />
        <label htmlFor={`${id}-check`}>{MAP_TEXTS.notOnMap(objectType)}</label>
      </div>
      {checked && (
        <div className="ml-field">
          <label htmlFor={`${id}-number`} className="ml-label">
            {MAP_TEXTS.notOnMapNumber(objectType)} <span className="ml-form-label__optional">(niet verplicht)</span>
          </label>
          <div id={`${id}-hint`} className="ml-hint">
            {MAP_TEXTS.notOnMapNumberHint}
          </div>
          <input
            id={`${id}-number`}
            type="text"
            className="ml-textbox"
            aria-describedby={`${id}-hint`}
            defaultValue={String(asset?.id ?? '')}
            onBlur={(event) => {
              if (event.target.value.trim() !== String(asset?.id ?? '')) onChange(event.target.value.trim());
            }}
          />
        </div>
      )}
    </div>
  );
}

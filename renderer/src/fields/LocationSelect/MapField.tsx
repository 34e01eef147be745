/**
 * The shared body of the six map widgets: the question's label, hint and error,
 * a small intro map, the chosen location and objects, and 'Kies locatie' (or
 * 'Wijzigen') to open the full-screen selector the app provides.
 */
import { Suspense, useEffect, useRef, useState, type ButtonHTMLAttributes } from 'react';
import { fieldTypeOfCode, isLocationSet, locationSummaryLines, mapKindOf, REPORT_LOCATION_TYPES, type AssetAnswer, type SelectedAsset } from '@meldloket/engine';
import { FieldShell, assignRef, fieldShellProps } from '../../shell/index.ts';
import type { WidgetProps } from '../../types.ts';
import { useMapServices, type MapFieldKind } from './mapServices.tsx';
import { MAP_FIELD_TEXTS } from './texts.ts';
import './mapField.css';

/** How a chosen object reads in a list: 'Grachtmast - 100012'. */
export function assetText(asset: SelectedAsset): string {
  if (asset.label) return asset.label;
  return [asset.description, asset.id].filter((part) => part !== undefined && part !== '').join(' - ');
}

/**
 * The one map widget of the six map field types (location_select, map_input,
 * asset_select, streetlight_select, clock_select, caterpillar_select): what it
 * asks for comes from the question, through the engine's mapKindOf.
 */
export function MapWidget(props: WidgetProps<AssetAnswer>) {
  return <MapField kind={mapKindOf(props.question) ?? 'location'} {...props} />;
}

export function MapField({ kind, id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<AssetAnswer> & { kind: MapFieldKind }) {
  const services = useMapServices();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const location = value?.location;
  const hasLocation = isLocationSet(location);
  const selection = value?.selection ?? [];
  const { Selector, IntroMap } = services ?? {};
  // A point that is not the report's location (map_input) gets an opener named after its question,
  // so it is never mistaken for the report's 'Kies locatie'.
  const fieldType = fieldTypeOfCode(question.field_type);
  const reportLocation = fieldType === undefined || REPORT_LOCATION_TYPES.has(fieldType);
  const action = hasLocation ? MAP_FIELD_TEXTS.change : reportLocation ? MAP_FIELD_TEXTS.choose : MAP_FIELD_TEXTS.chooseOther;
  const label = typeof question.meta.label === 'string' ? question.meta.label : '';
  const onMapActiveChange = useRef(services?.onMapActiveChange);
  onMapActiveChange.current = services?.onMapActiveChange;

  // Closing the map, also by leaving the page with it open, tells the wizard the map is no longer active.
  useEffect(() => {
    if (!open) return;
    onMapActiveChange.current?.(true);
    return () => onMapActiveChange.current?.(false);
  }, [open]);

  const close = () => {
    setOpen(false);
    onBlur?.();
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <FieldShell {...fieldShellProps({ id, question, error, required, disabled, describedBy })} group>
      {() => (
        <div className="ml-map-field">
          {IntroMap && (
            <div className="ml-map-field__intro" aria-hidden="true">
              <Suspense fallback={null}>
                <IntroMap location={hasLocation ? location : undefined} />
              </Suspense>
            </div>
          )}
          {hasLocation && location && (
            <div className="ml-map-field__summary">
              <h3 className="ml-map-field__heading">{MAP_FIELD_TEXTS.location}</h3>
              <p className="ml-map-field__address">
                {locationSummaryLines(location).map((line, index) => (
                  <span key={index} className="ml-map-field__line">
                    {line}
                  </span>
                ))}
              </p>
            </div>
          )}
          {selection.length > 0 && (
            <div className="ml-map-field__summary">
              <h3 className="ml-map-field__heading">{MAP_FIELD_TEXTS.chosenObjects}</h3>
              <ul className="ml-map-field__objects">
                {selection.map((asset) => (
                  <li key={`${asset.type}-${asset.id}`}>{assetText(asset)}</li>
                ))}
              </ul>
            </div>
          )}
          {Selector ? (
            <button
              {...(controlProps as ButtonHTMLAttributes<HTMLButtonElement>)}
              ref={(element) => {
                opener.current = element;
                assignRef(ref, element);
              }}
              type="button"
              id={`${id}-open`}
              className={hasLocation ? 'ml-button ml-button--secondary' : 'ml-button'}
              disabled={disabled}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-label={reportLocation || !label ? undefined : MAP_FIELD_TEXTS.named(action, label)}
              onClick={() => setOpen(true)}
            >
              {action}
            </button>
          ) : (
            <p className="ml-map-field__unavailable">{MAP_FIELD_TEXTS.unavailable}</p>
          )}
          {open && Selector && (
            <Suspense fallback={<p role="status">{MAP_FIELD_TEXTS.loading}</p>}>
              <Selector
                kind={kind}
                question={question}
                value={value}
                onClose={close}
                onSubmit={(next) => {
                  onChange(next);
                  close();
                }}
              />
            </Suspense>
          )}
        </div>
      )}
    </FieldShell>
  );
}

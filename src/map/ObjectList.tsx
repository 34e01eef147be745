/**
 * The objects near the chosen location as a list of checkboxes, so objects can
 * be chosen without the map (keyboard, screen reader). Ordered by distance, so
 * choosing one moves nothing; reported objects cannot be chosen. When the map
 * service failed, the panel's failure message says it all: no 'none nearby'.
 */
import { iconUrl } from './icons.ts';
import { MAP_TEXTS } from './texts.ts';
import type { MapObject } from './services/index.ts';

export interface ObjectListProps {
  objects: MapObject[];
  isSelected: (object: MapObject) => boolean;
  onToggle: (object: MapObject) => void;
  /** Plural object name for the heading and the empty message. */
  plural: string;
  /** No place to look around yet (no location and zoomed out). */
  needsZoom: boolean;
  loading: boolean;
  /** The object service failed: say nothing about what is nearby. */
  failed?: boolean;
}

function statusText(object: MapObject): string {
  if (object.status === 'reported') return ` (${MAP_TEXTS.reported})`;
  if (object.status === 'checked') return ` (${MAP_TEXTS.checked})`;
  return '';
}

export function ObjectList({ objects, isSelected, onToggle, plural, needsZoom, loading, failed = false }: ObjectListProps) {
  const headingId = `ml-objects-${plural.replace(/\W+/g, '-')}`;
  return (
    <section className="ml-object-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="ml-object-list__heading">
        {MAP_TEXTS.nearbyHeading(plural)}
      </h3>
      {needsZoom ? (
        <p>{MAP_TEXTS.zoomIn}</p>
      ) : objects.length === 0 ? (
        !loading && !failed && <p>{MAP_TEXTS.noObjectsNearby(plural)}</p>
      ) : (
        <ul className="ml-options ml-object-list__items">
          {objects.map((object) => {
            const selected = isSelected(object);
            const id = `ml-object-${object.type}-${object.id}`.replace(/[^\w-]/g, '_');
            const state = selected ? 'selected' : object.status;
            return (
              <li key={`${object.type}-${object.id}`} className="ml-option ml-object-list__item">
                <input id={id} type="checkbox" checked={selected} disabled={object.status === 'reported' && !selected} onChange={() => onToggle(object)} />
                <label htmlFor={id}>
                  <img src={iconUrl(object.featureType.iconId, state)} alt="" width={24} height={24} />
                  {object.label}
                  {statusText(object)}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

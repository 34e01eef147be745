/** The chosen location: district, street and number, postcode and town; or 'Locatie is gepind op de kaart'. */
import { isLocationSet, locationSummaryLines, type IncidentLocation } from '@meldloket/engine';
import { MAP_TEXTS } from './texts.ts';

export function LocationSummary({ location, loading }: { location: IncidentLocation | undefined; loading?: boolean }) {
  if (!location || !isLocationSet(location)) return null;
  return (
    <div className="ml-location-summary" aria-live="polite">
      <h3 className="ml-location-summary__heading">{MAP_TEXTS.locationHeading}</h3>
      {loading ? (
        <p>{MAP_TEXTS.loadingAddress}</p>
      ) : (
        <p className="ml-location-summary__lines">
          {locationSummaryLines(location).map((line, index) => (
            <span key={index} className="ml-location-summary__line">
              {line}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * A new location on the map (a lazy chunk with Leaflet): a click, or Enter in the
 * focused map for its centre, moves the pin; the address is looked up (PDOK) and
 * sent with the point. `LocationPicker` is the map alone, also used when splitting.
 */
import { useState } from 'react';
import type { Coordinates } from '@meldloket/engine';
import MapView from '../../map/MapView.tsx';
import '../../map/map.css';
import { reverseGeocode } from '../../map/services/index.ts';
import { PLAIN_MAP, useMapBase, usePdok } from '../../map/useMapSettings.ts';
import { useApi } from '../../api/index.ts';
import { incidentApi, type IncidentDetail } from './api.ts';
import { locationBlock, type PickedLocation } from './location.ts';
import { Form, FormButtons, FormErrorSummary, useSubmit } from '../../forms/index.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.edit;
const nothing = () => {};

export function LocationPicker({ start, value, onChange, label }: { start: Coordinates; value: PickedLocation | null; onChange: (picked: PickedLocation) => void; label: string }) {
  const base = useMapBase();
  const pdok = usePdok();
  const pick = (point: Coordinates) => {
    onChange({ point });
    void reverseGeocode(pdok, point).then((address) => address && onChange({ point, address }), nothing);
  };
  return (
    <div className="ml-incident__picker" role="group" aria-label={label}>
      <p className="utrecht-form-field-description">{T.locationHint}</p>
      <div className="ml-reply-map">
        <MapView {...base} {...PLAIN_MAP} center={start} zoom={Math.max(base.zoom, 15)} pin={value?.point ?? start} onMapClick={pick} onCentrePin={pick} />
      </div>
      <p className="utrecht-paragraph" aria-live="polite">
        {value ? T.newLocation(value.point.lat, value.point.lng) : ''}
      </p>
    </div>
  );
}

export default function LocationEditor({ detail, onUpdated, onCancel }: { detail: IncidentDetail; onUpdated: (detail: IncidentDetail, message: string) => void; onCancel: () => void }) {
  const api = useApi();
  const [lng, lat] = detail.location.geometrie.coordinates;
  const [picked, setPicked] = useState<PickedLocation | null>(null);
  const save = useSubmit();
  const submit = () => (picked ? void save.run(async () => onUpdated(await incidentApi(api).patch(detail.id, { location: locationBlock(picked) }), T.saved)) : onCancel());

  return (
    <Form className="ml-incident__form" label={T.change(INCIDENT_TEXTS.fields.location)} onSubmit={submit}>
      <FormErrorSummary errors={save.errors} />
      <LocationPicker start={{ lat, lng }} value={picked} onChange={setPicked} label={INCIDENT_TEXTS.fields.location} />
      <FormButtons busy={save.busy} cancel={onCancel} cancelLabel={T.cancel} />
    </Form>
  );
}

/**
 * The report's location on the interactive map of src/map (a lazy chunk: Leaflet
 * loads only when the reply page shows a location). Nothing can be chosen here.
 */
import MapView from '../map/MapView.tsx';
import '../map/map.css';
import { PLAIN_MAP, useMapBase } from '../map/useMapSettings.ts';

export interface LocationMapProps {
  lat: number;
  lng: number;
}

export default function LocationMap({ lat, lng }: LocationMapProps) {
  const base = useMapBase();
  return (
    <div className="ml-reply-map">
      <MapView {...base} {...PLAIN_MAP} center={{ lat, lng }} zoom={Math.max(base.zoom, 14)} pin={{ lat, lng }} />
    </div>
  );
}

/**
 * The report's location on the interactive map of src/map (a lazy chunk: Leaflet
 * loads only when the reply page shows a location). Nothing can be chosen here.
 */
import MapView from '../map/MapView.tsx';
import '../map/map.css';
import { useConfig } from '../config/index.ts';

export interface LocationMapProps {
  lat: number;
  lng: number;
}

const nothing = () => {};

export default function LocationMap({ lat, lng }: LocationMapProps) {
  const { map } = useConfig();
  const { south, west, north, east } = map.bounds;
  return (
    <div className="ml-reply-map">
      <MapView
        center={{ lat, lng }}
        zoom={Math.max(map.zoom, 14)}
        minZoom={map.minZoom}
        maxZoom={map.maxZoom}
        bounds={[
          [south, west],
          [north, east],
        ]}
        tileUrl={map.tiles.url}
        attribution={map.tiles.attribution}
        pin={{ lat, lng }}
        objects={[]}
        isSelected={() => false}
        onObjectClick={nothing}
        onMapClick={nothing}
        onViewChange={nothing}
      />
    </div>
  );
}

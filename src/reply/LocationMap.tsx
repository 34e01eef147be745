/**
 * The report's location on an interactive map (a lazy chunk: Leaflet loads only
 * when the reply page shows a location). Uses the app's RD map settings.
 */
import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import { RD_CRS, MAX_NATIVE_ZOOM } from '../map/crs.ts';
import { useConfig } from '../config/index.ts';

export interface LocationMapProps {
  lat: number;
  lng: number;
}

export default function LocationMap({ lat, lng }: LocationMapProps) {
  const { map } = useConfig();
  return (
    <MapContainer
      crs={RD_CRS}
      center={[lat, lng]}
      zoom={Math.max(map.zoom, 13)}
      minZoom={map.minZoom}
      maxZoom={map.maxZoom}
      scrollWheelZoom={false}
      className="ml-reply-map"
    >
      <TileLayer url={map.tiles.url} attribution={map.tiles.attribution} maxNativeZoom={MAX_NATIVE_ZOOM} />
      <CircleMarker center={[lat, lng]} radius={10} pathOptions={{ color: '#c0001c', fillColor: '#c0001c', fillOpacity: 0.8 }} />
    </MapContainer>
  );
}

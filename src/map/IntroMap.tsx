/** The small map above 'Kies locatie' on step 2: the chosen location (or the default centre), not interactive. */
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { centreFromQuery } from '@meldloket/engine';
import type { IntroMapProps } from '@meldloket/renderer';
import { useConfig } from '../config/index.ts';
import { MAX_NATIVE_ZOOM, RD_CRS, STILL_MAP_PROPS } from './crs.ts';
import { markerIcon } from './icons.ts';
import './map.css';

export default function IntroMap({ location }: IntroMapProps) {
  const config = useConfig();
  const { south, west, north, east } = config.map.bounds;
  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const point =
    location?.coordinates ??
    centreFromQuery({ lat: params.get('lat'), lng: params.get('lng') }, [
      [south, west],
      [north, east],
    ], config.map.center);
  return (
    <MapContainer
      key={`${point.lat},${point.lng}`}
      className="ml-intro-map"
      crs={RD_CRS}
      center={[point.lat, point.lng]}
      zoom={location ? 13 : config.map.zoom}
      {...STILL_MAP_PROPS}
    >
      <TileLayer url={config.map.tiles.url} maxNativeZoom={MAX_NATIVE_ZOOM} />
      {location && <Marker position={[point.lat, point.lng]} icon={markerIcon('pin', undefined)} interactive={false} keyboard={false} />}
    </MapContainer>
  );
}

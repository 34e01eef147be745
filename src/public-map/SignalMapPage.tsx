/** /kaart (flag enablePublicSignalMap): pick a spot on the map and start a report there with 'Doe een melding'. */
import { PublicMap } from './PublicMap.tsx';

export default function SignalMapPage() {
  return <PublicMap mode="signal" />;
}

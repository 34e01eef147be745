/** /meldingenkaart (flag enablePublicIncidentsMap): the open reports of public categories, with a filter. */
import { PublicMap } from './PublicMap.tsx';

export default function IncidentsMapPage() {
  return <PublicMap mode="incidents" />;
}

import { useParams } from 'react-router';
import { NotBuiltPage } from './NotBuiltPage.tsx';

export default function IncidentPage() {
  const { id } = useParams();
  return <NotBuiltPage title={`Melding ${id ?? ''}`.trim()} about="Hier komen de gegevens van de melding, de geschiedenis en de acties om haar te behandelen." />;
}

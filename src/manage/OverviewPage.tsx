import { useSearchParams } from 'react-router';
import { NotBuiltPage } from './NotBuiltPage.tsx';

export default function OverviewPage() {
  const [params] = useSearchParams();
  const search = params.get('search');
  return (
    <NotBuiltPage title="Overzicht meldingen" about="Hier komt de lijst van meldingen, met filters, zoeken en de kaart.">
      {search && <p className="utrecht-paragraph">U zocht op: {search}</p>}
    </NotBuiltPage>
  );
}

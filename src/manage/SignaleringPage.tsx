import { NotBuiltPage } from './NotBuiltPage.tsx';

export default function SignaleringPage() {
  return <NotBuiltPage title="Signalering" about="Hier komen de meldingen die te lang openstaan, per categorie." />;
}

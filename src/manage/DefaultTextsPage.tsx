import { NotBuiltPage } from './NotBuiltPage.tsx';

export default function DefaultTextsPage() {
  return <NotBuiltPage title="Standaard teksten" about="Hier komen de standaard teksten per status en categorie, die u bij het wijzigen van een status kiest." />;
}

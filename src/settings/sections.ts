/** The settings sections under /instellingen/ and the access area each needs (docs/reference/permissions.md#roles). */
import type { Area } from '../auth/areas.ts';

export interface SettingsSection {
  path: string;
  title: string;
  area: Area;
  about: string;
  /** The section's screens (list, new, edit: its own sub-routes). */
  load: () => Promise<{ default: React.ComponentType }>;
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { path: 'rollen', title: 'Rollen', area: 'groups', about: 'De rollen en de rechten die bij elke rol horen.', load: () => import('./roles/RolesSection.tsx') },
  { path: 'gebruikers', title: 'Gebruikers', area: 'users', about: 'De medewerkers die kunnen inloggen, met hun rollen en afdelingen.', load: () => import('./users/UsersSection.tsx') },
  { path: 'afdelingen', title: 'Afdelingen', area: 'departments', about: 'De afdelingen en de categorieën waarvoor zij verantwoordelijk zijn of die zij mogen inzien.', load: () => import('./departments/DepartmentsSection.tsx') },
  { path: 'privacy', title: 'Privacy', area: 'privacy', about: 'Hoe lang gegevens van melders worden bewaard, wat de dagelijkse bewaartaak nu zou doen, welke meldingen zij verwijderde en wie welke contactgegevens zag.', load: () => import('./privacy/PrivacySection.tsx') },
  { path: 'rechten-melder', title: 'Rechten van de melder', area: 'reporterRights', about: 'Op verzoek van een melder alle meldingen van een e-mailadres of telefoonnummer vinden, exporteren, anonimiseren of wissen.', load: () => import('./privacy/ReporterRightsSection.tsx') },
  { path: 'routering', title: 'Routering', area: 'routing', about: 'Welke afdeling een nieuwe melding krijgt, per subcategorie en gebied; proefdraaien voor het opslaan.', load: () => import('./routing/RoutingSection.tsx') },
  { path: 'gebieden', title: 'Gebieden', area: 'areas', about: 'De gebiedstypen en hun gebieden, en het importeren van gebieden uit een GeoJSON-bestand.', load: () => import('./routing/AreasSection.tsx') },
  { path: 'vragenlijsten', title: 'Vragenlijsten', area: 'questionSets', about: 'De vragen per subcategorie: een concept wijzigen, bekijken zoals een melder het ziet, publiceren, versies vergelijken en terugzetten.', load: () => import('./question-sets/QuestionSetsSection.tsx') },
  { path: 'categorieen', title: 'Categorieën', area: 'categories', about: 'De categorieën met hun afhandeltermijn, servicebelofte en zichtbaarheid.', load: () => import('./categories/CategoriesSection.tsx') },
];

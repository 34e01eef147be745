/** The settings sections under /instellingen/ and the access area each needs (spec §6). */
import type { Area } from '../auth/areas.ts';

export interface SettingsSection {
  path: string;
  title: string;
  area: Area;
  about: string;
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { path: 'rollen', title: 'Rollen', area: 'groups', about: 'Hier komen de rollen en de rechten die bij elke rol horen.' },
  { path: 'gebruikers', title: 'Gebruikers', area: 'users', about: 'Hier komen de medewerkers die kunnen inloggen, met hun rollen en afdelingen.' },
  { path: 'afdelingen', title: 'Afdelingen', area: 'departments', about: 'Hier komen de afdelingen en de categorieën waarvoor zij verantwoordelijk zijn.' },
  { path: 'categorieen', title: 'Categorieën', area: 'categories', about: 'Hier komen de categorieën met hun afhandeltermijn en teksten.' },
];

/**
 * The permission list of the role form: grouped by the model each permission belongs
 * to (the content type in its `_display`, as the server's catalogue names it), each
 * with its Dutch name and a line on what it allows (docs/reference/permissions.md#permissions-and-scoping).
 */
import type { Permission } from '../api.ts';

/** What each codename of docs/reference/permissions.md#permissions-and-scoping gates, for the role form. */
export const PERMISSION_HELP: Record<string, string> = {
  sia_read: 'Nodig voor elk scherm van de backoffice: meldingen en instellingen bekijken.',
  sia_write: 'Nodig voor elke wijziging; de andere schrijfrechten komen daar bovenop.',
  sia_split: 'Een melding in deelmeldingen splitsen.',
  sia_signal_create_initial: 'Zelf een melding aanmaken (bijvoorbeeld na een telefoontje).',
  sia_signal_create_note: 'Een notitie bij een melding zetten.',
  sia_signal_change_status: 'De status van een melding wijzigen.',
  sia_signal_change_category: 'Een melding naar een andere categorie verplaatsen.',
  sia_signal_export: 'Meldingen exporteren.',
  sia_signal_report: 'Rapportages en de CSV-export gebruiken.',
  sia_can_view_all_categories: 'Meldingen van alle categorieën zien, ook die van andere afdelingen.',
  sia_can_view_contact_details: 'Het e-mailadres en telefoonnummer van de melder zien.',
  sia_category_read: 'Categorieën bekijken.',
  sia_category_write: 'Categorieën wijzigen: naam, afhandeltermijn, servicebelofte, zichtbaarheid.',
  sia_department_read: 'Afdelingen bekijken.',
  sia_department_write: 'Afdelingen aanmaken en wijzigen, en hun categorieën kiezen.',
  sia_expression_read: 'Expressies bekijken.',
  sia_expression_write: 'Expressies wijzigen.',
  sia_statusmessage_write: 'Standaardteksten schrijven.',
  sia_statusmessagecategory_write: 'Standaardteksten aan categorieën koppelen.',
  sia_statusmessagetemplate_write: 'Standaardteksten per status beheren.',
  sia_area_write: 'Gebieden wijzigen.',
  sia_areatype_write: 'Gebiedstypen wijzigen.',
  sia_add_attachment: 'Een bijlage aan een melding toevoegen.',
  sia_change_attachment: 'Een bijlage wijzigen.',
  sia_delete_attachment_of_normal_signal: 'Een bijlage van een standaardmelding verwijderen.',
  sia_delete_attachment_of_parent_signal: 'Een bijlage van een hoofdmelding verwijderen.',
  sia_delete_attachment_of_child_signal: 'Een bijlage van een deelmelding verwijderen.',
  sia_delete_attachment_of_other_user: 'Een bijlage verwijderen die een collega heeft toegevoegd.',
  sia_delete_attachment_of_anonymous_user: 'Een bijlage van de melder verwijderen.',
  sia_add_i18next_translation_file: 'Een vertaalbestand toevoegen.',
  sia_privacy_officer: 'Privacy: de bewaartermijnen, de proefrun van de bewaartaak, de verwijderde meldingen en wie welke contactgegevens zag inzien.',
  sia_questionset_write: 'Vragenlijsten beheren: concepten bewerken, publiceren en terugzetten (Instellingen › Vragenlijsten).',
  sia_reporter_rights: 'Op verzoek van een melder alle meldingen van een e-mailadres of telefoonnummer vinden, exporteren en wissen of anonimiseren.',
  push_to_sigmax: 'Een melding doorzetten naar Sigmax.',
};

const SECTIONS: Record<string, string> = { group: 'Rollen', user: 'Gebruikers', department: 'Afdelingen', category: 'Categorieën' };
const ACTIONS: Record<string, string> = { view: 'bekijken', add: 'toevoegen', change: 'wijzigen', delete: 'verwijderen' };

/** What a permission allows: the line of PERMISSION_HELP, or for a settings permission (view_group, …) the screen it opens. */
export function permissionHelp(codename: string): string | undefined {
  if (PERMISSION_HELP[codename]) return PERMISSION_HELP[codename];
  const [action, model] = codename.split('_');
  if (!action || !model || !SECTIONS[model] || !ACTIONS[action]) return undefined;
  return action === 'delete' ? `${SECTIONS[model]} verwijderen.` : `Instellingen › ${SECTIONS[model]}: ${ACTIONS[action]}.`;
}

/** Dutch group headings by the model of the content type ('signals | melding' → 'Meldingen'). */
const GROUP_TITLES: Record<string, string> = {
  groep: 'Rollen',
  gebruiker: 'Gebruikers',
  melding: 'Meldingen',
  bijlage: 'Bijlagen',
  categorie: 'Categorieën',
  afdeling: 'Afdelingen',
  expressie: 'Expressies',
  standaardtekst: 'Standaardteksten',
  gebied: 'Gebieden',
  vragenlijst: 'Vragenlijsten',
  vertaling: 'Vertalingen',
};

export interface PermissionGroup {
  title: string;
  permissions: Permission[];
}

/** The model part of `_display` ('signals | melding | Leesrechten algemeen' → 'melding'). */
function modelOf(permission: Permission): string {
  const parts = (permission._display ?? '').split(' | ');
  return parts.length >= 3 ? parts[1]!.trim() : '';
}

/** Permissions grouped by model, groups and members in the server's order. */
export function groupPermissions(permissions: Permission[]): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const p of permissions) {
    const model = modelOf(p);
    groups.set(model, [...(groups.get(model) ?? []), p]);
  }
  return [...groups].map(([model, list]) => ({ title: GROUP_TITLES[model] ?? (model ? model[0]!.toUpperCase() + model.slice(1) : 'Overig'), permissions: list }));
}

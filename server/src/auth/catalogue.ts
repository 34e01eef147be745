/**
 * The one list of permissions and the starting roles and staff accounts.
 *
 * Permissions: the custom codenames of docs/reference/permissions.md#permissions-and-scoping (listed by /private/permissions/)
 * and the Django-style view_/add_/change_/delete_ codenames the area table of docs/reference/permissions.md#roles
 * and the role and user writes of docs/reference/api.md#private use (not listed by that endpoint).
 */

export interface PermissionDef {
  codename: string;
  name: string;
  /** Django's "app label | model" the permission belongs to, shown in `_display`. */
  contentType: string;
}

/** Permissions per Django content type ("app label | model", shown in `_display`): each codename with its Dutch name. */
type PermissionTable = readonly (readonly [contentType: string, permissions: Readonly<Record<string, string>>])[];

const permissionsOf = (table: PermissionTable): PermissionDef[] =>
  table.flatMap(([contentType, permissions]) => Object.entries(permissions).map(([codename, name]) => ({ codename, name, contentType })));

/** The codenames of a permission table (every key of every content type's record). */
type CodenamesOf<T extends PermissionTable> = T[number][1] extends infer R ? (R extends unknown ? keyof R & string : never) : never;

/** The custom codenames of docs/reference/permissions.md#permissions-and-scoping, in the order /private/permissions/ lists them. */
const SIA_TABLE = [
  ['signals | melding', {
    sia_read: 'Leesrechten algemeen',
    sia_write: 'Schrijfrechten algemeen',
    sia_split: 'Melding splitsen',
    sia_signal_create_initial: 'Melding aanmaken',
    sia_signal_create_note: 'Notitie toevoegen bij een melding',
    sia_signal_change_status: 'Status van een melding wijzigen',
    sia_signal_change_category: 'Categorie van een melding wijzigen',
    sia_signal_export: 'Meldingen exporteren',
    sia_signal_report: 'Rapportages inzien',
    sia_can_view_all_categories: 'Meldingen van alle categorieën inzien (ongeacht afdeling)',
    sia_can_view_contact_details: 'Contactgegevens van de melder inzien',
  }],
  ['signals | categorie', {
    sia_category_read: 'Categorieën inzien',
    sia_category_write: 'Categorieën wijzigen',
  }],
  ['signals | afdeling', {
    sia_department_read: 'Afdelingen inzien',
    sia_department_write: 'Afdelingen wijzigen',
  }],
  ['signals | expressie', {
    sia_expression_read: 'Expressies inzien',
    sia_expression_write: 'Expressies wijzigen',
  }],
  ['signals | standaardtekst', {
    sia_statusmessage_write: 'Standaardteksten wijzigen',
    sia_statusmessagecategory_write: 'Standaardteksten aan categorieën koppelen',
    sia_statusmessagetemplate_write: 'Standaardteksten per status wijzigen',
  }],
  ['signals | gebied', {
    sia_area_write: 'Gebieden wijzigen',
    sia_areatype_write: 'Gebiedstypen wijzigen',
  }],
  ['signals | bijlage', {
    sia_add_attachment: 'Bijlage toevoegen',
    sia_change_attachment: 'Bijlage wijzigen',
    sia_delete_attachment_of_normal_signal: 'Bijlage van een standaardmelding verwijderen',
    sia_delete_attachment_of_parent_signal: 'Bijlage van een hoofdmelding verwijderen',
    sia_delete_attachment_of_child_signal: 'Bijlage van een deelmelding verwijderen',
    sia_delete_attachment_of_other_user: 'Bijlage van een andere medewerker verwijderen',
    sia_delete_attachment_of_anonymous_user: 'Bijlage van de melder verwijderen',
  }],
  ['signals | routering', {
    sia_routing_write: 'Routeringsregels wijzigen',
  }],
  ['signals | vragenlijst', {
    sia_questionset_write: 'Kan vragenlijsten beheren',
  }],
  ['signals | privacy', {
    sia_privacy_officer: 'Privacy: bewaartermijnen en wie welke contactgegevens zag',
    sia_reporter_rights: 'Rechten van de melder: meldingen zoeken, exporteren en wissen',
  }],
  ['signals | vertaling', {
    sia_add_i18next_translation_file: 'Vertaalbestand toevoegen',
  }],
  ['signals | melding', {
    push_to_sigmax: 'Melding doorzetten naar Sigmax',
  }],
] as const satisfies PermissionTable;
export const SIA_PERMISSIONS: PermissionDef[] = permissionsOf(SIA_TABLE);

/** Django's model permissions for the models the back office manages. */
const MODELS = [
  ['group', 'rol', 'auth | groep'],
  ['user', 'gebruiker', 'auth | gebruiker'],
  ['department', 'afdeling', 'signals | afdeling'],
  ['category', 'categorie', 'signals | categorie'],
] as const satisfies readonly (readonly [model: string, label: string, contentType: string])[];
const ACTIONS = [
  ['view', 'inzien'],
  ['add', 'toevoegen'],
  ['change', 'wijzigen'],
  ['delete', 'verwijderen'],
] as const satisfies readonly (readonly [action: string, verb: string])[];
export const MODEL_PERMISSIONS: PermissionDef[] = MODELS.flatMap(([model, label, contentType]) =>
  ACTIONS.map(([action, verb]) => ({ codename: `${action}_${model}`, name: `Kan ${label} ${verb}`, contentType })),
);

/** Used only by the Sigmax SOAP endpoint; not listed by /private/permissions/. */
const OTHER_TABLE = [['signals | melding', { perform_sigmax_updates: 'Sigmax-updates verwerken' }]] as const satisfies PermissionTable;
export const OTHER_PERMISSIONS: PermissionDef[] = permissionsOf(OTHER_TABLE);

/**
 * A permission's codename: one of the catalogue's, checked by the compiler wherever a route or a rule
 * names one (`config: { permission: 'sia_read' }`); a codename that is not in the catalogue does not compile.
 */
export type Permission = CodenamesOf<typeof SIA_TABLE> | `${(typeof ACTIONS)[number][0]}_${(typeof MODELS)[number][0]}` | CodenamesOf<typeof OTHER_TABLE>;

export const PERMISSIONS: PermissionDef[] = [...SIA_PERMISSIONS, ...MODEL_PERMISSIONS, ...OTHER_PERMISSIONS];

const MODEL_CODENAMES = new Set(MODEL_PERMISSIONS.map((p) => p.codename));
/** The Django-style model permissions of the settings areas (view_group, change_category, …). */
export const isModelPermission = (codename: string) => MODEL_CODENAMES.has(codename);

/** Which codenames /private/permissions/ lists (docs/reference/api.md#private). */
export const isListedPermission = (codename: string) => codename.startsWith('sia_') || codename === 'push_to_sigmax';

const HANDLING = [
  'sia_read',
  'sia_write',
  'sia_signal_create_initial',
  'sia_signal_create_note',
  'sia_signal_change_status',
  'sia_signal_change_category',
  'sia_can_view_contact_details',
  'sia_add_attachment',
  'sia_change_attachment',
  'sia_delete_attachment_of_normal_signal',
];
const COORDINATING = [
  ...HANDLING,
  'sia_split',
  'sia_can_view_all_categories',
  'sia_signal_export',
  'sia_signal_report',
  'sia_statusmessage_write',
  'sia_statusmessagecategory_write',
  'sia_statusmessagetemplate_write',
  'sia_delete_attachment_of_parent_signal',
  'sia_delete_attachment_of_child_signal',
  'sia_delete_attachment_of_other_user',
  'sia_delete_attachment_of_anonymous_user',
  'sia_routing_write',
  'view_category',
  'view_department',
];

/** The roles a new installation starts with (editable afterwards through /private/roles/). */
export const ROLES: { name: string; permissions: string[] }[] = [
  { name: 'Alleen lezen', permissions: ['sia_read'] },
  { name: 'Behandelaar', permissions: HANDLING },
  { name: 'Coördinator', permissions: COORDINATING },
  {
    name: 'Beheerder',
    permissions: [...SIA_PERMISSIONS.map((p) => p.codename), ...MODEL_PERMISSIONS.map((p) => p.codename)],
  },
];

export interface SeedAccount {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  roles: string[];
  /** Department codes for profile.departments (department scoping, docs/reference/permissions.md#permissions-and-scoping). */
  departments: string[];
  is_active?: boolean;
  is_superuser?: boolean;
}

/**
 * Development accounts of the embedded provider (README, "Medewerkersaccounts").
 * Created when OIDC_SEED_ACCOUNTS is on (default: embedded provider, not production)
 * and the username does not exist yet.
 */
export const SEED_ACCOUNTS: SeedAccount[] = [
  { username: 'behandelaar@meldloket.local', password: 'behandelaar-wachtwoord', first_name: 'Bas', last_name: 'Behandelaar', roles: ['Behandelaar'], departments: ['ASC', 'AEG'] },
  { username: 'coordinator@meldloket.local', password: 'coordinator-wachtwoord', first_name: 'Cor', last_name: 'Coördinator', roles: ['Coördinator'], departments: ['ASC'] },
  { username: 'beheerder@meldloket.local', password: 'beheerder-wachtwoord', first_name: 'Bea', last_name: 'Beheerder', roles: ['Beheerder'], departments: [] },
  { username: 'lezer@meldloket.local', password: 'lezer-wachtwoord', first_name: 'Lies', last_name: 'Lezer', roles: ['Alleen lezen'], departments: ['GRN'] },
  { username: 'admin@meldloket.local', password: 'admin-wachtwoord', first_name: 'Ad', last_name: 'Admin', roles: [], departments: [], is_superuser: true },
  { username: 'inactief@meldloket.local', password: 'inactief-wachtwoord', first_name: 'Ina', last_name: 'Inactief', roles: ['Behandelaar'], departments: ['ASC'], is_active: false },
];

/**
 * The API's paths, once (docs/reference/api.md): the app's clients call them and the server's
 * routes are registered at them, so a path renamed here moves on both sides. Entries are route
 * patterns in the server's form (`:name` for a parameter); `apiPath` fills them in for a call.
 * engine/test/one-definition.test.ts fails on a `/signals…` path literal anywhere else.
 */

/** The roots of the API's parts. */
export const API_PREFIX = {
  /** Everything the API serves is under this root (`HEAD /signals/` is the health check). */
  root: '/signals',
  /** Unauthenticated calls of residents (the wizard, the map, the follow-up pages). */
  public: '/signals/v1/public',
  /** Staff calls with a bearer token (the back office and the settings). */
  private: '/signals/v1/private',
  /** A signed-in resident's own reports ('Mijn meldingen'). */
  my: '/signals/v1/my',
  /** The HAL curie of the API's link relations (`sia:…`). */
  relations: '/signals/v1/relations',
  /** Stored attachments (photos and documents), served by the API. */
  media: '/signals/media',
} as const;

/**
 * How many features one page of a geography answer holds, public and private
 * (docs/reference/api.md#pagination, `geopage`): the server pages by it and the maps ask for the next
 * page while a page comes back full.
 */
export const GEO_PAGE_SIZE = 4000;

const { public: PUB, private: PRIV, my: MY } = API_PREFIX;

export const API_PATHS = {
  // Health, classification, stored files ---------------------------------------
  health: '/signals/',
  prediction: '/signals/category/prediction',
  media: `${API_PREFIX.media}/*`,

  // Public reports ----------------------------------------------------------
  publicSignals: `${PUB}/signals/`,
  publicSignal: `${PUB}/signals/:uuid`,
  publicSignalAttachments: `${PUB}/signals/:uuid/attachments/`,
  publicGeography: `${PUB}/signals/geography`,
  publicClusters: `${PUB}/signals/clusters`,

  // Categories and questions -------------------------------------------------
  categories: `${PUB}/terms/categories/`,
  category: `${PUB}/terms/categories/:slug`,
  subcategories: `${PUB}/terms/categories/:slug/sub_categories/`,
  subcategory: `${PUB}/terms/categories/:slug/sub_categories/:sub_slug`,
  questions: `${PUB}/questions/`,

  // Follow-up: questionnaires, e-mail check, satisfaction, followers, forwarded work
  qaQuestionnaire: `${PUB}/qa/questionnaires/:uuid`,
  qaQuestionnaireSession: `${PUB}/qa/questionnaires/:uuid/session`,
  qaQuestion: `${PUB}/qa/questions/:key`,
  qaQuestionAnswer: `${PUB}/qa/questions/:key/answer`,
  qaSession: `${PUB}/qa/sessions/:uuid`,
  qaSessionAnswers: `${PUB}/qa/sessions/:uuid/answers`,
  qaSessionAttachments: `${PUB}/qa/sessions/:uuid/attachments`,
  qaSessionSubmit: `${PUB}/qa/sessions/:uuid/submit`,
  verifyEmail: `${PUB}/reporter/verify-email`,
  feedbackStandardAnswers: `${PUB}/feedback/standard_answers/`,
  feedbackForm: `${PUB}/feedback/forms/:uuid`,
  followers: `${PUB}/followers/`,
  followersNearby: `${PUB}/followers/nearby`,
  followersVerify: `${PUB}/followers/verify`,
  followersUnsubscribe: `${PUB}/followers/unsubscribe`,
  external: `${PUB}/external/:token`,

  // A resident's own reports ('Mijn meldingen') -----------------------------------
  mySignals: `${MY}/signals/`,
  mySignalsRequestToken: `${MY}/signals/request-auth-token`,
  mySignalsMe: `${MY}/signals/me`,
  mySignal: `${MY}/signals/:uuid`,
  mySignalHistory: `${MY}/signals/:uuid/history`,

  // Private: the signed-in staff member ----------------------------------------
  me: `${PRIV}/me/`,
  meNotifications: `${PRIV}/me/notifications/`,
  meFilters: `${PRIV}/me/filters/`,
  meFilter: `${PRIV}/me/filters/:id`,

  // Private: settings (users, roles, permissions, departments, categories, sources)
  users: `${PRIV}/users/`,
  user: `${PRIV}/users/:id`,
  userHistory: `${PRIV}/users/:id/history`,
  usernameAutocomplete: `${PRIV}/autocomplete/usernames/`,
  roles: `${PRIV}/roles/`,
  role: `${PRIV}/roles/:id`,
  permissions: `${PRIV}/permissions/`,
  permission: `${PRIV}/permissions/:id`,
  departments: `${PRIV}/departments/`,
  department: `${PRIV}/departments/:id`,
  departmentHistory: `${PRIV}/departments/:id/history`,
  privateCategories: `${PRIV}/categories/`,
  privateCategory: `${PRIV}/categories/:id`,
  privateCategoryHistory: `${PRIV}/categories/:id/history`,
  sources: `${PRIV}/sources/`,

  // Private: reports ---------------------------------------------------------
  privateSignals: `${PRIV}/signals/`,
  privateSignal: `${PRIV}/signals/:id`,
  privateGeography: `${PRIV}/signals/geography`,
  privateExport: `${PRIV}/signals/export.csv`,
  signalHistory: `${PRIV}/signals/:id/history`,
  signalPdf: `${PRIV}/signals/:id/pdf`,
  signalChildren: `${PRIV}/signals/:id/children/`,
  signalContext: `${PRIV}/signals/:id/context`,
  signalReporterReports: `${PRIV}/signals/:id/context/reporter/`,
  signalAssignableUsers: `${PRIV}/signals/:id/assignable-users/`,
  signalStatusMailPreview: `${PRIV}/signals/:id/status-mail-preview`,
  signalAttachments: `${PRIV}/signals/:id/attachments/`,
  signalAttachment: `${PRIV}/signals/:id/attachments/:aid`,
  signalAttachmentFile: `${PRIV}/signals/:id/attachments/:aid/file`,
  signalNearby: `${PRIV}/signals/:id/nearby`,
  signalNearbyLink: `${PRIV}/signals/:id/nearby/link`,
  signalNearbyUnlink: `${PRIV}/signals/:id/nearby/link/:child`,
  signalFollowers: `${PRIV}/signals/:id/followers`,
  signalMerge: `${PRIV}/signals/:id/merge`,
  signalUnmerge: `${PRIV}/signals/:id/unmerge`,
  signalReroute: `${PRIV}/signals/:id/reroute/`,
  search: `${PRIV}/search/`,
  signalering: `${PRIV}/signalering/`,

  // Private: default texts ('standaardteksten') and their older template form -----
  statusMessages: `${PRIV}/status-messages/`,
  statusMessage: `${PRIV}/status-messages/:id`,
  statusMessagesSearch: `${PRIV}/status-messages/search`,
  statusMessagesOfCategory: `${PRIV}/status-messages/category/:category_id`,
  mainTemplates: `${PRIV}/terms/categories/:slug/status-message-templates`,
  mainTemplatesUnderscore: `${PRIV}/terms/categories/:slug/status_message_templates`,
  subTemplates: `${PRIV}/terms/categories/:slug/sub_categories/:sub_slug/status-message-templates`,
  subTemplatesUnderscore: `${PRIV}/terms/categories/:slug/sub_categories/:sub_slug/status_message_templates`,

  // Private: routing (areas, rules) -------------------------------------------
  areas: `${PRIV}/areas/`,
  areasImport: `${PRIV}/areas/import/`,
  routingRules: `${PRIV}/routing-rules/`,
  routingRulesHistory: `${PRIV}/routing-rules/history/`,
  routingRulesDryRun: `${PRIV}/routing-rules/dry-run/`,
  routingRulesReroute: `${PRIV}/routing-rules/reroute/`,

  // Private: question sets (the studio, docs/studio-api.md) ---------------------------
  questionSets: `${PRIV}/question-sets/`,
  questionSet: `${PRIV}/question-sets/:name/`,
  questionSetDraft: `${PRIV}/question-sets/:name/draft/`,
  questionSetPublish: `${PRIV}/question-sets/:name/publish/`,
  questionSetVersions: `${PRIV}/question-sets/:name/versions/`,
  questionSetVersion: `${PRIV}/question-sets/:name/versions/:version/`,
  questionSetRollback: `${PRIV}/question-sets/:name/rollback/`,
  publicQuestionSet: `${PUB}/question-sets/:name/`,

  // Private: privacy (retention, access log, a reporter's rights) ----------------------
  privacyContactAccess: `${PRIV}/privacy/contact-access/`,
  privacyRetention: `${PRIV}/privacy/retention/`,
  privacyDeletions: `${PRIV}/privacy/deletions/`,
  reporterSearch: `${PRIV}/privacy/reporter/search/`,
  reporterExport: `${PRIV}/privacy/reporter/export/`,
  reporterErase: `${PRIV}/privacy/reporter/erase/`,
  reporterRequests: `${PRIV}/privacy/reporter/requests/`,
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/**
 * A route pattern with its parameters filled in, each encoded as one path segment
 * (`apiPath(API_PATHS.subcategory, { slug: 'afval', sub_slug: 'grofvuil' })`).
 * A parameter the pattern names but `params` lacks is a programming error: it throws.
 */
export function apiPath(pattern: string, params: Readonly<Record<string, string | number>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} of ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The public path of a category: a main category by its slug, a sub-category by both slugs. The one
 * builder of the category URL that the create call, the prediction and the category links carry.
 */
export const categoryPath = (slug: string, subSlug?: string | null): string =>
  subSlug ? apiPath(API_PATHS.subcategory, { slug, sub_slug: subSlug }) : apiPath(API_PATHS.category, { slug });

/** Whether `pathname` lies under the private API (a staff call that needs the bearer token). */
export const isPrivateApiPath = (pathname: string): boolean => pathname.startsWith(`${API_PREFIX.private}/`);

/**
 * The back-office calls of one report (docs/reference/api.md#private): the detail, its history,
 * children, attachments and reporter context, the PATCH blocks, the default texts
 * for a status and category, and the department's users for the assignment.
 * Shapes are the contract's, reduced to what the screens read.
 */
import { apiPath, API_PATHS, ApiError, type ApiClient, type PayloadAddress } from '@meldloket/engine';
import type { HistoryEntry } from '../../api/index.ts';

export const SIGNALS_PATH = API_PATHS.privateSignals;
export const STATUS_MESSAGES_PATH = API_PATHS.statusMessages;

export interface Href {
  href: string;
}

/** A report's address as the API gives it: the engine's one address wire type. */
export type IncidentAddress = PayloadAddress;

export interface IncidentLocation {
  address?: IncidentAddress | null;
  address_text?: string | null;
  stadsdeel?: string | null;
  buurt_code?: string | null;
  area_name?: string | null;
  geometrie: { type: 'Point'; coordinates: [number, number] };
}

export interface ExtraProperty {
  id: string;
  label: string;
  answer: unknown;
  category_url?: string;
}

export interface DepartmentRef {
  id: number;
  code: string;
  name: string;
}

/** The detail body of `GET /signals/v1/private/signals/{id}` (docs/reference/api.md#private). */
export interface IncidentDetail {
  _links: {
    self: Href;
    archives?: Href;
    'sia:attachments'?: Href;
    'sia:pdf'?: Href;
    'sia:context'?: Href;
    'sia:parent'?: Href;
    'sia:children'?: Href[];
  };
  id: number;
  id_display?: string;
  source: string;
  text: string;
  text_extra?: string;
  status: { state: string; state_display: string; text: string | null; user?: string | null; send_email?: boolean; created_at?: string };
  location: IncidentLocation;
  category: {
    sub: string;
    sub_slug: string;
    main: string;
    main_slug: string;
    category_url: string;
    departments: string;
    text?: string | null;
    deadline?: string | null;
    deadline_factor_3?: string | null;
  };
  reporter: { email: string | null; phone: string | null; sharing_allowed: boolean; allows_contact?: boolean };
  priority: { priority: 'high' | 'normal' | 'low' };
  type: { code: string };
  created_at: string;
  updated_at: string;
  incident_date_start: string;
  incident_date_end: string | null;
  extra_properties: ExtraProperty[] | null;
  notes: Array<{ text: string; created_by?: string | null; created_at?: string }>;
  directing_departments?: DepartmentRef[];
  routing_departments?: DepartmentRef[] | null;
  assigned_user_email: string | null;
  attachments?: string[];
  has_changed_children?: boolean;
}

export interface Attachment {
  _links?: { self: Href };
  location: string;
  is_image: boolean;
  created_at: string;
  created_by?: string | null;
  caption?: string | null;
  public?: boolean;
}

/** One of the reporter's reports (`…/context/reporter/`). */
export interface ReporterReport {
  id: number;
  created_at: string;
  category: { sub: string; main: string };
  status: { state: string; state_display: string };
  feedback: { is_satisfied: boolean; submitted_at: string } | null;
  /** Whether this staff member may open it (department scoping). */
  can_view_signal: boolean;
}

export interface ReporterContext {
  near?: { signal_count: number };
  /** null: the reporter left no e-mail address. */
  reporter?: { signal_count: number; open_count: number; positive_count: number; negative_count: number } | null;
}

/** A child or nearby report in list form (docs/reference/api.md#staff-create list representation, reduced). */
export interface IncidentListItem {
  id: number;
  id_display?: string;
  text?: string;
  created_at?: string;
  updated_at?: string;
  status: { state: string; state_display: string };
  category: { sub: string; main?: string };
  location?: { address_text?: string | null };
  /** Nearby reports: metres from this report. */
  distance?: number;
  /** Children: made a child by linking (the nearby action), so the link can be undone. */
  linked?: boolean;
}

/** A report's duplicates and followers (docs/duplicates.md, `GET …/followers`). */
export interface Followers {
  /** The report itself, its merged duplicates and its confirmed followers. */
  reporters: number;
  merged_into: { id: number; id_display: string; merged_at: string; merged_by: string } | null;
  duplicates: { id: number; id_display: string; merged_at: string; merged_by: string }[];
  /** Confirmed followers. */
  count: number;
  /** `email` only for staff with sia_can_view_contact_details. */
  results: { id: number; kind: 'follower' | 'reporter'; verified: boolean; origin: { id: number; id_display: string }; created_at: string; email?: string }[];
}

export interface StatusMessage {
  id: number;
  title: string;
  text: string;
  active: boolean;
  state: string;
  categories: number[];
}

export interface StaffUserItem {
  id: number;
  username: string;
  first_name?: string;
  last_name?: string;
  is_active?: boolean;
}

/** The mail a status change would send (`POST …/{id}/status-mail-preview`), or why none goes. */
export type StatusMailPreview = ({ send: true; to: string; subject: string; text: string; has_links: boolean } | { send: false; reason: 'no_email' | 'not_sent' | 'child' }) & {
  /** How many followers of the report get their own mail about the change besides. */
  followers?: number;
};

type Page<T> = { results: T[] };
type Api = ApiClient<AbortSignal>;

/** The blocks of a PATCH (docs/reference/api.md#private); send one or more, applied atomically. */
export interface IncidentPatch {
  status?: { state: string; text?: string; send_email?: boolean; email_override?: string };
  notes?: Array<{ text: string }>;
  category?: { sub_category: string; text?: string };
  location?: { geometrie: IncidentLocation['geometrie']; address?: IncidentAddress | null; stadsdeel?: string | null };
  priority?: { priority: IncidentDetail['priority']['priority'] };
  type?: { code: string };
  assigned_user_email?: string | null;
  routing_departments?: Array<{ id: number }> | null;
  /** Why a person routed it (the history's description; docs/routing.md). */
  routing_reason?: string;
  directing_departments?: Array<{ id: number }>;
}

const listOf = <T>(answer: Page<T> | T[]): T[] => (Array.isArray(answer) ? answer : answer.results);

/**
 * Two staff, one report: the version (ETag) of each report as this page last loaded or saved it,
 * sent as If-Match with every change. A colleague's change in between makes the server answer
 * 412 ('Deze melding is intussen gewijzigd door een collega…'); the page then loads the report
 * anew (`onConflict`), so the handler sees the new values and the message, and nothing is
 * overwritten unseen.
 */
const versions = new Map<string, string>();
const conflicts = new EventTarget();
const remember = (id: number | string) => (headers: { get(name: string): string | null }) => {
  const etag = headers.get('etag');
  if (etag) versions.set(String(id), etag);
};

/** Calls `reload` whenever a change of report `id` was refused because a colleague changed it first. */
export function onConflict(id: number | string, reload: () => void): () => void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<string>).detail === String(id)) reload();
  };
  conflicts.addEventListener('conflict', listener);
  return () => conflicts.removeEventListener('conflict', listener);
}

export function incidentApi(api: Api) {
  const path = (id: number | string) => apiPath(API_PATHS.privateSignal, { id });
  return {
    detail: (id: number | string, signal?: AbortSignal) => api.get<IncidentDetail>(path(id), { signal, onHeaders: remember(id) }),
    /** A staff attachment's caption (`sia_change_attachment`). */
    caption: (attachment: Attachment, caption: string) => api.patch<Attachment>(attachment._links!.self.href, { caption: caption || null }),
    /** Deletes an attachment (the rights of docs/reference/permissions.md#permissions-and-scoping per kind of report and maker). */
    removeAttachment: (attachment: Attachment) => api.delete<void>(attachment._links!.self.href),
    /** The work order as a PDF (docs/reference/api.md#private `sia:pdf`). */
    pdf: (id: number | string) => api.get<Blob>(apiPath(API_PATHS.signalPdf, { id }), { responseType: 'blob', headers: { Accept: 'application/pdf' } }),
    /** The history, newest first; `what` narrows it to those kinds of change (docs/reference/api.md#private). */
    history: (id: number | string, signal?: AbortSignal, what?: readonly string[]) => api.get<HistoryEntry[]>(apiPath(API_PATHS.signalHistory, { id }), { signal, query: what ? { what: [...what] } : undefined }),
    patch: (id: number | string, body: IncidentPatch) => {
      const version = versions.get(String(id));
      return api.patch<IncidentDetail>(path(id), body, { headers: version ? { 'If-Match': version } : {}, onHeaders: remember(id) }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 412) conflicts.dispatchEvent(new CustomEvent('conflict', { detail: String(id) }));
        throw error;
      });
    },
    /** The mail the status block of `body` would send, drawn by the server with the outbox's templates; nothing is saved. */
    previewStatusMail: (id: number | string, body: IncidentPatch) => api.post<StatusMailPreview>(apiPath(API_PATHS.signalStatusMailPreview, { id }), body),
    children: (id: number | string, signal?: AbortSignal) => api.get<Page<IncidentListItem> | IncidentListItem[]>(apiPath(API_PATHS.signalChildren, { id }), { signal }).then(listOf),
    attachments: (id: number | string, signal?: AbortSignal) => api.get<Page<Attachment> | Attachment[]>(apiPath(API_PATHS.signalAttachments, { id }), { signal }).then(listOf),
    context: (id: number | string, signal?: AbortSignal) => api.get<ReporterContext>(apiPath(API_PATHS.signalContext, { id }), { signal }),
    /** The reporter's reports, newest first (this one included). */
    reporterReports: (id: number | string, signal?: AbortSignal) => api.get<Page<ReporterReport>>(apiPath(API_PATHS.signalReporterReports, { id }), { signal, query: { page_size: 100 } }).then(listOf),
    nearby: (id: number | string, signal?: AbortSignal) => api.get<Page<IncidentListItem> | IncidentListItem[]>(apiPath(API_PATHS.signalNearby, { id }), { signal }).then(listOf),
    /** Links other reports as children of this one (the nearby action); answers the ids of all its children. */
    linkChildren: (id: number | string, ids: number[]) => api.post<{ children: number[] }>(apiPath(API_PATHS.signalNearbyLink, { id }), { signals: ids }),
    /** Undoes a link: the linked child `childId` is a standalone report again; answers the ids of the children left. */
    unlinkChild: (id: number | string, childId: number) => api.delete<{ children: number[] }>(apiPath(API_PATHS.signalNearbyUnlink, { id, child: childId })),
    /** Its duplicates and followers (docs/duplicates.md). */
    followers: (id: number | string, signal?: AbortSignal) => api.get<Followers>(apiPath(API_PATHS.signalFollowers, { id }), { signal }),
    /** Merges `ids` into report `id`: they close, their reporters follow it. */
    merge: (id: number | string, ids: number[]) => api.post<{ merged: number[] }>(apiPath(API_PATHS.signalMerge, { id }), { duplicates: ids }),
    /** Undoes the merge of duplicate `id`. */
    unmerge: (id: number | string) => api.post<{ main: number; state: string }>(apiPath(API_PATHS.signalUnmerge, { id }), {}),
    /** Split: the children in one bulk create (docs/reference/api.md#staff-create), every item with `parent`. */
    split: (items: unknown[]) => api.post<unknown[]>(SIGNALS_PATH, items),
    /**
     * Who the report can be assigned to: the active colleagues of its departments who may
     * open and handle it (the server's rule, the same one its PATCH checks).
     */
    assignable: (id: number | string, signal?: AbortSignal) => api.get<Page<StaffUserItem>>(apiPath(API_PATHS.signalAssignableUsers, { id }), { signal }).then(listOf),
  };
}

export type IncidentApi = ReturnType<typeof incidentApi>;

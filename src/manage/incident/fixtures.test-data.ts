/** Contract-shaped answers for the detail page's component tests. */
import { canAccess, type AuthState, type StaffCategory, type StaffUser } from '../../auth/index.ts';
import { stubFetch } from '../../test-utils.tsx';
import type { HistoryEntry } from '../../api/index.ts';
import type { IncidentDetail, StatusMessage } from './api.ts';

const perms = (...codenames: string[]) => codenames.map((codename, id) => ({ id, codename }));

export const HANDLER: StaffUser = {
  id: 1,
  username: 'behandelaar@meldloket.test',
  roles: [{ id: 1, name: 'Behandelaar', permissions: perms('sia_read', 'sia_write', 'sia_signal_create_note', 'sia_signal_change_status', 'sia_signal_change_category') }],
  permissions: [],
};

const PUBLIC = '/signals/v1/public/terms/categories';
const PRIVATE = '/signals/v1/private/categories';

export const CATEGORIES: StaffCategory[] = [
  { id: 1, name: 'Afval', slug: 'afval', is_active: true, _links: { self: { href: `${PRIVATE}/1`, public: `${PUBLIC}/afval` } } },
  {
    id: 12,
    name: 'Grofvuil',
    slug: 'grofvuil',
    is_active: true,
    sla: { n_days: 3, use_calendar_days: false },
    departments: [{ code: 'ASC', is_responsible: true }],
    _links: { self: { href: `${PRIVATE}/12`, public: `${PUBLIC}/afval/sub_categories/grofvuil` }, 'sia:parent': { href: `${PRIVATE}/1` } },
  },
  {
    id: 13,
    name: 'Container is vol',
    slug: 'container-is-vol',
    is_active: true,
    sla: { n_days: 2, use_calendar_days: true },
    departments: [{ code: 'AEG', is_responsible: true }],
    _links: { self: { href: `${PRIVATE}/13`, public: `${PUBLIC}/afval/sub_categories/container-is-vol` }, 'sia:parent': { href: `${PRIVATE}/1` } },
  },
];

export function signedIn(user: StaffUser = HANDLER): AuthState {
  return {
    isAuthenticated: true,
    getToken: () => 'token',
    status: 'ready',
    user,
    staffData: { categories: CATEGORIES, departments: [], sources: [] },
    can: (area) => canAccess(user, area),
  };
}

export function detail(overrides: Partial<IncidentDetail> = {}): IncidentDetail {
  return {
    _links: { self: { href: '/signals/v1/private/signals/42' } },
    id: 42,
    id_display: 'SIG-42',
    source: 'online',
    text: 'Er ligt een bank op de stoep',
    text_extra: '',
    status: { state: 'm', state_display: 'Gemeld', text: null },
    location: { address_text: 'Dam 1, 1012JS Amsterdam', geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] } },
    category: {
      sub: 'Grofvuil',
      sub_slug: 'grofvuil',
      main: 'Afval',
      main_slug: 'afval',
      category_url: `http://localhost${PUBLIC}/afval/sub_categories/grofvuil`,
      departments: 'ASC',
    },
    reporter: { email: 'melder@example.com', phone: '', sharing_allowed: false },
    priority: { priority: 'normal' },
    type: { code: 'SIG' },
    created_at: '2026-11-23T10:00:00+01:00',
    updated_at: '2026-11-23T10:00:00+01:00',
    incident_date_start: '2026-11-23T09:00:00+01:00',
    incident_date_end: null,
    extra_properties: [{ id: 'extra_kind', label: 'Wat voor grofvuil?', answer: { id: 'bank', label: 'Een bank' } }],
    notes: [],
    assigned_user_email: null,
    ...overrides,
  };
}

export const HISTORY: HistoryEntry[] = [
  { identifier: 'CREATE_NOTE_2', when: '2026-11-23T11:00:00+01:00', what: 'CREATE_NOTE', action: 'Notitie toegevoegd:', description: 'Gebeld met de melder', who: 'behandelaar@meldloket.test' },
  { identifier: 'CREATE_SIGNAL_42', when: '2026-11-23T10:00:00+01:00', what: 'CREATE_SIGNAL', action: 'Melding gemaakt', description: null, who: 'Signalen systeem' },
];

export const MESSAGES: StatusMessage[] = [
  { id: 7, title: 'Opgehaald', text: 'Het grofvuil is opgehaald. Bedankt voor uw melding.', active: true, state: 'o', categories: [12] },
];

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The API of one report: detail, history, status messages, children, attachments, context, nearby; PATCH answers `patch(body)`. */
export function incidentServer(options: { detail?: IncidentDetail; history?: HistoryEntry[] | 'fail'; users?: 'list' | 'fail'; patch?: (body: Record<string, unknown>) => { status?: number; body?: unknown } } = {}) {
  const calls: Call[] = [];
  let current = options.detail ?? detail();
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const path = url.split('?')[0]!;
    if (method === 'HEAD') return { status: 200 };
    if (path === '/signals/v1/private/signals/42/assignable-users/')
      return options.users === 'fail' ? { status: 500 } : { body: { count: 1, results: [{ id: 3, username: 'bas@meldloket.test', first_name: 'Bas', last_name: 'Behandelaar' }] } };
    if (path === '/signals/v1/private/signals/42' && method === 'GET') return { body: current };
    if (path === '/signals/v1/private/signals/42' && method === 'PATCH') {
      const answer = options.patch?.(body) ?? { body: current };
      if ((answer.status ?? 200) < 300) current = answer.body as IncidentDetail;
      return answer;
    }
    if (path === '/signals/v1/private/signals/42/history') return options.history === 'fail' ? { status: 500, body: { detail: 'kapot' } } : { body: options.history ?? HISTORY };
    if (path === '/signals/v1/private/status-messages/') {
      const q = new URL(url, 'http://x').searchParams;
      return { body: { count: 1, results: MESSAGES.filter((m) => m.state === q.get('state') && m.categories.includes(Number(q.get('category_id')))) } };
    }
    if (path === '/signals/v1/private/terms/categories/afval/sub_categories/grofvuil/status-message-templates') {
      return { body: [...new Set(MESSAGES.map((m) => m.state))].map((state) => ({ state, templates: MESSAGES.filter((m) => m.state === state).map(({ title, text }) => ({ title, text, is_active: true })) })) };
    }
    if (path.endsWith('/attachments/') || path.endsWith('/nearby') || path.endsWith('/children/')) return { body: { count: 0, results: [] } };
    if (path.endsWith('/context')) return { body: { reporter: { signal_count: 3, open_count: 1, positive_count: 1, negative_count: 0 } } };
    return undefined;
  });
  return { fetch, calls, patches: () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body) };
}

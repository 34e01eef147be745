import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../test-utils.tsx';
import { canAccess, type AuthState, type StaffUser } from '../../auth/index.ts';
import type { SignaleringData } from './types.ts';
import { SIGNALERING_TEXTS } from './texts.ts';


const LEAD: StaffUser = { id: 1, username: 'cor@meldloket.test', roles: [{ id: 1, name: 'Coördinator', permissions: [{ id: 1, codename: 'sia_read' }] }], permissions: [] };
const auth: AuthState = { isAuthenticated: true, getToken: () => 't', status: 'ready', user: LEAD, staffData: null, can: (area) => canAccess(LEAD, area) };

const DATA: SignaleringData = {
  generated_at: '2026-11-24T00:15:00+01:00',
  open_states: ['m', 'b'],
  totals: { open: 12, late: 5, late_factor_3: 2 },
  per_category: [
    { category_id: 12, sub_slug: 'grofvuil', sub: 'Grofvuil', main_slug: 'afval', main: 'Afval', open: 8, late: 4, late_factor_3: 2 },
    { category_id: 30, sub_slug: 'lantaarnpaal', sub: 'Lantaarnpaal', main_slug: 'wegen', main: 'Wegen', open: 4, late: 1, late_factor_3: 0 },
  ],
  per_department: [{ department_id: 5, code: 'ASC', name: 'Actie Service Centrum', open: 7, late: 5, late_factor_3: 2 }],
  weeks: [
    { week: '2026-W47', start: '2026-11-16', incoming: 30, closed: 25 },
    { week: '2026-W48', start: '2026-11-23', incoming: 7, closed: 1 },
  ],
};

function render(answer: { status?: number; body?: unknown }) {
  const fetch = stubFetch((url, init) => (init.method === 'HEAD' ? { status: 200 } : url.startsWith('/signals/v1/private/signalering/') ? answer : undefined));
  return renderApp({ path: '/manage/signalering', auth, fetch });
}

describe('signalering', () => {
  it('links every count to the overview filtered on the open states, the punctuality, and the category or the routed department', async () => {
    render({ body: DATA });
    const totals = await screen.findByRole('link', { name: /5\s*buiten de afhandeltermijn/ });
    expect(totals).toHaveAttribute('href', '/manage/incidents?status=m&status=b&punctuality=late');
    expect(screen.getByRole('link', { name: /12\s*open meldingen/ })).toHaveAttribute('href', '/manage/incidents?status=m&status=b');
    const categories = screen.getByRole('table', { name: 'Open meldingen per subcategorie, de meeste te late eerst' });
    const grofvuil = within(categories).getByRole('row', { name: /Grofvuil \(Afval\)/ });
    expect(within(grofvuil).getByRole('link', { name: '2 meldingen 3x buiten de afhandeltermijn: Grofvuil (Afval)' })).toHaveAttribute(
      'href',
      '/manage/incidents?status=m&status=b&punctuality=late_factor_3&category_id=12',
    );
    // nothing to open: a plain 0, no link
    const lantaarn = within(categories).getByRole('row', { name: /Lantaarnpaal/ });
    expect(within(lantaarn).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '1', '0']);
    expect(within(lantaarn).getAllByRole('link')).toHaveLength(2);
    // a department's counts are the reports routed to it: the overview's 'Afdeling' filter
    const departments = screen.getByRole('table', { name: SIGNALERING_TEXTS.perDepartmentCaption });
    expect(within(departments).getByRole('link', { name: '5 meldingen buiten de afhandeltermijn: Actie Service Centrum (ASC)' })).toHaveAttribute(
      'href',
      '/manage/incidents?status=m&status=b&punctuality=late&routing_department_code=ASC',
    );
    expect(within(departments).getByRole('link', { name: '7 meldingen open: Actie Service Centrum (ASC)' })).toHaveAttribute('href', '/manage/incidents?status=m&status=b&routing_department_code=ASC');
  });

  it('says so when open reports exist but none is routed to a department', async () => {
    render({ body: { ...DATA, per_department: [] } });
    expect(await screen.findByText('Er zijn geen open meldingen naar een afdeling gerouteerd.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /per afdeling/ })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: /per subcategorie/ })).toBeInTheDocument();
  });

  it('shows incoming and closed per week as a labelled chart and as a table', async () => {
    render({ body: DATA });
    expect(await screen.findByRole('img', { name: /Staafdiagram: binnengekomen en afgehandelde meldingen in de laatste 2 weken/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Binnengekomen en afgehandelde meldingen per week' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['WeekBinnengekomenAfgehandeld', 'Week 47 (16-11-2026)3025', 'Week 48 (23-11-2026)71']);
  });

  it('gives the docs/reference/texts.md#errors text when the call fails', async () => {
    render({ status: 503, body: { detail: 'x' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server is op dit moment niet beschikbaar. Probeer het nogmaals');
  });
});

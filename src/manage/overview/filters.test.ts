import { describe, expect, it } from 'vitest';
import {
  FILTERS,
  filterTags,
  fromOptions,
  listQuery,
  overviewHref,
  overviewParams,
  parseOverviewParams,
  toOptions,
  withoutValue,
  type FilterContext,
} from './filters.ts';
import { exportQuery } from './ExportButton.tsx';
import { pageRequest } from './queries.ts';
import { nextOrdering, sortOf } from './OverviewTable.tsx';
import { pageNumbers } from './Pagination.tsx';

const context: FilterContext = {
  staffData: {
    categories: [
      { id: 1, name: 'Afval', slug: 'afval', is_active: true, _links: { self: { href: '/c/1' } } },
      { id: 12, name: 'Grofvuil', slug: 'grofvuil', is_active: true, _links: { self: { href: '/c/12' }, 'sia:parent': { href: '/c/1' } } },
    ],
    departments: [{ id: 5, code: 'ASC', name: 'Actie Service Centrum' }],
    sources: [{ id: 1, name: 'online' }],
  },
  userEmail: 'bas@meldloket.local',
};

describe('the overview URL (docs/overview.md)', () => {
  it('reads filters under their API names, multi-valued ones repeated, plus search, page, order, saved filter and view', () => {
    const state = parseOverviewParams(new URLSearchParams('status=m&status=i&stadsdeel=A&stadsdeel=null&punctuality=late&search=Dam&page=3&ordering=-priority&filter_id=4&view=map'));
    expect(state).toEqual({
      filter: { status: ['m', 'i'], stadsdeel: ['A', 'null'], punctuality: ['late'] },
      search: 'Dam',
      page: 3,
      ordering: '-priority',
      filterId: 4,
      view: 'map',
    });
  });

  it('keeps the last value of a single-valued filter, drops empty values, duplicates and unknown parameters, and defaults the rest', () => {
    const state = parseOverviewParams(new URLSearchParams('punctuality=on_time&punctuality=late&status=&status=m&status=m&foo=bar&page=0&filter_id=x'));
    expect(state).toEqual({ filter: { punctuality: ['late'], status: ['m'] }, search: '', page: 1, ordering: '', filterId: undefined, view: 'list' });
  });

  it('writes a state back to the same URL, leaving out the defaults', () => {
    const query = 'status=m&status=i&stadsdeel=A&search=Dam&filter_id=4&ordering=-priority&page=3&view=map';
    expect(overviewParams(parseOverviewParams(new URLSearchParams(query))).toString()).toBe(query);
    expect(overviewParams({ filter: {}, page: 1, ordering: '-created_at', view: 'list', search: '' }).toString()).toBe('');
  });

  it('links to a filtered overview, as the signalering page does', () => {
    expect(overviewHref({ status: ['m', 'b'], punctuality: ['late'], category_id: ['12'] })).toBe('/manage/incidents?status=m&status=b&punctuality=late&category_id=12');
    expect(overviewHref({})).toBe('/manage/incidents');
  });

  it('calls the list with the filter, the order (newest first by default) and the page; a search goes to the search call with q and the best-match order', () => {
    expect(pageRequest({ filter: { status: ['m'], punctuality: ['late'] }, search: '', page: 2, ordering: '' })).toEqual({
      path: '/signals/v1/private/signals/',
      query: { status: ['m'], punctuality: 'late', ordering: '-created_at', page: '2' },
    });
    expect(pageRequest({ filter: { stadsdeel: ['A'] }, search: 'SIG-12', page: 1, ordering: '' })).toEqual({
      path: '/signals/v1/private/search/',
      query: { stadsdeel: ['A'], q: 'SIG-12' },
    });
  });

  it('exports what the list shows: filter, search and order, never a page', () => {
    expect(exportQuery({ filter: { status: ['o'] }, search: 'Dam', ordering: 'address' })).toEqual({ status: ['o'], ordering: 'address', q: 'Dam' });
    expect(listQuery({ filter: { address_text: ['Dam'] } })).toEqual({ address_text: 'Dam' });
  });
});

describe('saved filters and tags', () => {
  it("stores multi-valued filters as lists and single-valued ones as a string in a saved filter's options, and reads them back", () => {
    const filter = { status: ['m', 'i'], punctuality: ['late'], assigned_user_email: ['null'] };
    const options = toOptions(filter);
    expect(options).toEqual({ status: ['m', 'i'], punctuality: 'late', assigned_user_email: 'null' });
    expect(fromOptions(options)).toEqual(filter);
    expect(fromOptions({ stadsdeel: 'A', priority: [], feedback: null })).toEqual({ stadsdeel: ['A'] });
  });

  it('shows every active value as a tag with the Dutch label of its filter and option', () => {
    const tags = filterTags(
      { status: ['m', 'reaction requested'], stadsdeel: ['null'], punctuality: ['late_factor_3'], category_slug: ['grofvuil'], category_id: ['12'], created_after: ['2026-11-01T00:00:00'], assigned_user_email: ['null'], routing_department_code: ['ASC'] },
      context,
    );
    expect(tags.map((t) => t.label)).toEqual([
      'Status: Gemeld',
      'Status: Reactie gevraagd',
      'Stadsdeel: Niet bepaald',
      'Doorlooptijd: 3x buiten de afhandeltermijn',
      'Toegewezen aan: Niet toegewezen',
      'Afdeling: Actie Service Centrum (ASC)',
      'Subcategorie: Grofvuil',
      'Categorie: Grofvuil',
      'Gemeld vanaf: 01-11-2026',
    ]);
  });

  it('removes one value of a tag and drops a filter left empty', () => {
    expect(withoutValue({ status: ['m', 'i'], stadsdeel: ['A'] }, 'status', 'm')).toEqual({ status: ['i'], stadsdeel: ['A'] });
    expect(withoutValue({ status: ['m'], stadsdeel: ['A'] }, 'status', 'm')).toEqual({ stadsdeel: ['A'] });
  });

  it('offers the option lists of docs/reference/screens.md#entities with their Dutch labels', () => {
    const options = (name: string) => FILTERS.find((f) => f.name === name)!.options!(context).map((o) => `${o.value}=${o.label}`);
    expect(options('punctuality')).toEqual(['on_time=Binnen de afhandeltermijn', 'late=Buiten de afhandeltermijn', 'late_factor_3=3x buiten de afhandeltermijn']);
    expect(options('stadsdeel')).toEqual(['A=Centrum', 'B=Westpoort', 'E=West', 'M=Oost', 'N=Noord', 'T=Zuidoost', 'K=Zuid', 'F=Nieuw-West', 'H=Het Amsterdamse Bos', 'W=Weesp', 'null=Niet bepaald']);
    expect(options('priority')).toEqual(['high=Hoog', 'normal=Normaal', 'low=Laag']);
    expect(options('type')).toEqual(['SIG=Melding', 'REQ=Aanvraag', 'QUE=Vraag', 'COM=Klacht', 'MAI=Groot onderhoud']);
    expect(options('kind')).toEqual(['signal=Standaardmelding', 'parent_signal=Hoofdmelding', 'child_signal=Deelmelding']);
    expect(options('assigned_user_email')).toEqual(['null=Niet toegewezen', 'bas@meldloket.local=Aan mij']);
    expect(options('contact_details')).toEqual(['email=E-mailadres', 'phone=Telefoonnummer', 'none=Geen contactgegevens']);
    expect(options('feedback')).toEqual(['satisfied=Tevreden', 'not_satisfied=Niet tevreden', 'not_received=Niet ontvangen']);
    expect(options('has_changed_children')).toEqual(['true=Ja', 'false=Nee']);
    // every status a report can reach, in the order of a report's life; 'On hold' is not offered (no transition enters it)
    expect(options('status')).toHaveLength(17);
    expect(options('status').slice(0, 5)).toEqual(['m=Gemeld', 'i=In afwachting van behandeling', 'ingepland=Ingepland', 'b=In behandeling', 'reaction requested=Reactie gevraagd']);
    expect(options('status').join()).not.toMatch(/On hold/);
  });
});

describe('ordering and paging', () => {
  it('marks the sorted column ascending or descending and flips it on the next activation', () => {
    expect(sortOf('created_at', '-created_at')).toBe('descending');
    expect(sortOf('created_at', 'created_at')).toBe('ascending');
    expect(sortOf('status', '-created_at')).toBe('none');
    expect(nextOrdering('status', '-created_at')).toBe('status');
    expect(nextOrdering('status', 'status')).toBe('-status');
    expect(nextOrdering('status', '-status')).toBe('status');
  });

  it('offers the first, the last and two pages either side of the current one', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });
});

/**
 * /instellingen/afdelingen: the departments (code, name, intern) and, per department,
 * the categories it is responsible for or may view (docs/reference/permissions.md#permissions-and-scoping: responsible implies
 * may view; only active categories are listed). The form only for `departmentForm`
 * (docs/reference/permissions.md#roles); others see the department read-only.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/index.ts';
import { NotFoundPage } from '../../static/NotFoundPage.tsx';
import { QueryState, firstUnready } from '../../api/QueryState.tsx';
import { SETTINGS_PATHS, type Category, type Department } from '../api.ts';
import { ButtonLink, HistoryList, SectionRoutes, SettingsPage, ScrollArea, SettingsTable, useSave } from '../components.tsx';
import { CheckboxField, Form, FormButtons, TextField } from '../../forms/index.ts';
import { useCategories, useDepartments, useRouteRecord } from '../queries.ts';
import { groupSubcategories } from '../categories/tree.ts';
import { SETTINGS_TEXTS as T } from '../texts.ts';

const BASE = '/instellingen/afdelingen';

export default function DepartmentsSection() {
  return <SectionRoutes formArea="departmentForm" list={DepartmentList} form={DepartmentForm} />;
}

function DepartmentList({ editable }: { editable: boolean }) {
  const load = useDepartments();
  return (
    <SettingsPage title="Afdelingen" back="/instellingen/" actions={editable && <ButtonLink to={`${BASE}/nieuw`}>Afdeling toevoegen</ButtonLink>}>
      <QueryState query={load} failed={T.departmentsFetchFailed} />
      {load.isSuccess && (
        <SettingsTable
          scrollLabel="Afdelingen"
          rows={load.data}
          columns={[
            { header: 'Code', cell: (d) => d.code },
            { header: 'Naam', cell: (d) => d.name, to: (d) => `${BASE}/${d.id}` },
            { header: 'Intern', cell: (d) => (d.is_intern ? 'Ja' : 'Nee') },
          ]}
        />
      )}
    </SettingsPage>
  );
}

interface Link_ {
  is_responsible: boolean;
  can_view: boolean;
}

function DepartmentForm({ readOnly = false }: { readOnly?: boolean }) {
  const { id, valid, record: department } = useRouteRecord<Department>(SETTINGS_PATHS.department);
  const categories = useCategories();
  if (!valid) return <NotFoundPage />;
  if (!department.isSuccess || !categories.isSuccess) {
    const failed = department.isError ? T.departmentsFetchFailed : T.categoriesFetchFailed;
    return (
      <SettingsPage title="Afdeling" back={BASE}>
        <QueryState query={firstUnready(department, categories)} failed={failed} />
      </SettingsPage>
    );
  }
  if (!department.data && readOnly) return <NotFoundPage />;
  return <DepartmentFields key={id ?? 'new'} department={department.data} categories={categories.data} readOnly={readOnly} />;
}

function DepartmentFields({ department, categories, readOnly }: { department: Department | null; categories: Category[]; readOnly: boolean }) {
  const api = useApi();
  const [code, setCode] = useState(department?.code ?? '');
  const [name, setName] = useState(department?.name ?? '');
  const [intern, setIntern] = useState(department?.is_intern ?? true);
  const [links, setLinks] = useState<Map<number, Link_>>(
    () => new Map((department?.categories ?? []).map((c) => [c.category.id, { is_responsible: c.is_responsible, can_view: c.can_view || c.is_responsible }])),
  );
  const { errors, busy, save } = useSave();
  const groups = groupSubcategories(categories.filter((c) => c.is_active));
  const title = department ? (readOnly ? department.name : `Afdeling wijzigen: ${department.name}`) : 'Afdeling toevoegen';

  const setLink = (categoryId: number, change: Partial<Link_>) =>
    setLinks((current) => {
      const next = new Map(current);
      const was = next.get(categoryId) ?? { is_responsible: false, can_view: false };
      const link = { ...was, ...change };
      // Responsible forces may-view (docs/reference/permissions.md#permissions-and-scoping).
      if (link.is_responsible) link.can_view = true;
      next.set(categoryId, link);
      return next;
    });

  function submit() {
    const local: Record<string, string> = {};
    if (!code.trim()) local.code = 'Vul een code in.';
    if (!name.trim()) local.name = 'Vul een naam in.';
    const body = {
      code: code.trim(),
      name: name.trim(),
      is_intern: intern,
      categories: [...links].filter(([, l]) => l.can_view || l.is_responsible).map(([category_id, l]) => ({ category_id, ...l })),
    };
    void save(local, T.departmentSaveFailed, async () => {
      if (department) await api.patch(SETTINGS_PATHS.department(department.id), body);
      else await api.post(SETTINGS_PATHS.departments, body);
      return BASE;
    });
  }

  const table = (
    <>
      <h2 className="utrecht-heading-2">Categorieën</h2>
      <p className="utrecht-paragraph" id="department-categories-hint">
        Medewerkers van de afdeling zien de meldingen van de categorieën waarvoor de afdeling verantwoordelijk is of die zij mag inzien. Verantwoordelijk betekent ook inzien.
      </p>
      {errors.categories && <p className="utrecht-paragraph ml-error-message">{errors.categories}</p>}
      {groups.map((group) => (
        <ScrollArea key={group.main.id} label={group.main.name}>
          <table className="ml-settings__table">
            <caption>{group.main.name}</caption>
            <thead>
              <tr>
                <th scope="col">Subcategorie</th>
                <th scope="col">Verantwoordelijk</th>
                <th scope="col">Mag inzien</th>
              </tr>
            </thead>
            <tbody>
              {group.subs.map((c) => {
                const link = links.get(c.id) ?? { is_responsible: false, can_view: false };
                return (
                  <tr key={c.id}>
                    <th scope="row">{c.name}</th>
                    <td>
                      {readOnly ? (
                        link.is_responsible ? 'Ja' : 'Nee'
                      ) : (
                        <input
                          type="checkbox"
                          className="utrecht-checkbox utrecht-checkbox--html-input ml-checkbox"
                          aria-label={`${c.name}: verantwoordelijk`}
                          checked={link.is_responsible}
                          onChange={(e) => setLink(c.id, { is_responsible: e.target.checked })}
                        />
                      )}
                    </td>
                    <td>
                      {readOnly ? (
                        link.can_view ? 'Ja' : 'Nee'
                      ) : (
                        <input
                          type="checkbox"
                          className="utrecht-checkbox utrecht-checkbox--html-input ml-checkbox"
                          aria-label={`${c.name}: mag inzien`}
                          checked={link.can_view}
                          disabled={link.is_responsible}
                          onChange={(e) => setLink(c.id, { can_view: e.target.checked })}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollArea>
      ))}
    </>
  );

  if (readOnly && department) {
    return (
      <SettingsPage title={title} back={BASE}>
        <p className="utrecht-paragraph">{T.viewOnly}</p>
        <dl className="ml-settings__details">
          <dt>Code</dt>
          <dd>{department.code}</dd>
          <dt>Intern</dt>
          <dd>{department.is_intern ? 'Ja' : 'Nee'}</dd>
        </dl>
        {table}
        <HistoryList path={SETTINGS_PATHS.departmentHistory(department.id)} />
      </SettingsPage>
    );
  }
  return (
    <SettingsPage title={title} back={BASE}>
      <Form className="ml-settings__form ml-settings__form--wide" onSubmit={submit}>
        <TextField id="department-code" label="Code" required value={code} onChange={setCode} error={errors.code} />
        <TextField id="department-name" label="Naam" required value={name} onChange={setName} error={errors.name} />
        <CheckboxField id="department-intern" label="Interne afdeling" checked={intern} onChange={setIntern} />
        {table}
        <FormButtons busy={busy} cancel={BASE} />
      </Form>
      {department && <HistoryList path={SETTINGS_PATHS.departmentHistory(department.id)} />}
    </SettingsPage>
  );
}

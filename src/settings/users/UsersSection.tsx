/**
 * /instellingen/gebruikers: the staff members, paged (docs/reference/limits.md#constants: 50), with search by name
 * or e-mail address and filters (active, role, department) kept in the address; a new
 * user; a user's name, active, roles, departments and note, and their history. The
 * form only for `userForm` (docs/reference/permissions.md#roles); others see the details read-only.
 */
import { useFilterParams } from '../useFilterParams.ts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { useAuth } from '../../auth/index.ts';
import { useConfig } from '../../config/index.ts';
import { NotFoundPage } from '../../static/NotFoundPage.tsx';
import { QueryState, firstUnready } from '../../api/QueryState.tsx';
import { PAGE_SIZE, SETTINGS_PATHS, type HalList, type Role, type User } from '../api.ts';
import { ButtonLink, HistoryList, Pager, SectionRoutes, SettingsPage, SettingsTable, useSave } from '../components.tsx';
import { CheckboxField, Checklist, Form, FormButtons, SelectField, TextField, toggled } from '../../forms/index.ts';
import { useRoles, useRouteRecord, useSettingsRead } from '../queries.ts';
import { mayChangeUser, mayGrantRole, maySetPassword, NOT_ALLOWED } from '../grants.ts';
import { SETTINGS_TEXTS as T } from '../texts.ts';

const BASE = '/instellingen/gebruikers';

export default function UsersSection() {
  return <SectionRoutes formArea="userForm" list={UserList} form={UserForm} />;
}

const fullName = (u: Pick<User, 'first_name' | 'last_name'>) => [u.first_name, u.last_name].filter(Boolean).join(' ');

function UserList({ editable }: { editable: boolean }) {
  const [params, set] = useFilterParams();
  const { staffData } = useAuth();
  const roles = useRoles();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useMemo(() => {
    const q: Record<string, string | number> = { page, page_size: PAGE_SIZE };
    for (const key of ['search', 'is_active', 'role', 'profile_department_code']) {
      const value = params.get(key);
      if (value) q[key] = value;
    }
    return q;
  }, [params, page]);
  const load = useSettingsRead<HalList<User>>(SETTINGS_PATHS.users, query);
  const [search, setSearch] = useState(params.get('search') ?? '');

  const pages = load.isSuccess ? Math.max(1, Math.ceil(load.data.count / PAGE_SIZE)) : 1;

  return (
    <SettingsPage title="Gebruikers" back="/instellingen/" actions={editable && <ButtonLink to={`${BASE}/nieuw`}>Gebruiker toevoegen</ButtonLink>}>
      <Form role="search" label="Gebruikers zoeken" className="ml-settings__filters" onSubmit={() => set({ search: search.trim() })}>
        <TextField id="user-search" type="search" hideOptional label="Zoek op naam of e-mailadres" value={search} onChange={setSearch} />
        <div className="ml-field">
          <button type="submit" className="utrecht-button utrecht-button--secondary-action">
            Zoeken
          </button>
        </div>
      </Form>
      <div className="ml-settings__filters">
        <Select id="filter-active" label="Status" value={params.get('is_active') ?? ''} onChange={(v) => set({ is_active: v })} options={[['', 'Alle'], ['true', 'Actief'], ['false', 'Niet actief']]} />
        <Select
          id="filter-role"
          label="Rol"
          value={params.get('role') ?? ''}
          onChange={(v) => set({ role: v })}
          options={[['', 'Alle rollen'], ...(roles.isSuccess ? roles.data.map((r) => [r.name, r.name] as [string, string]) : [])]}
        />
        <Select
          id="filter-department"
          label="Afdeling"
          value={params.get('profile_department_code') ?? ''}
          onChange={(v) => set({ profile_department_code: v })}
          options={[['', 'Alle afdelingen'], ...(staffData?.departments ?? []).map((d) => [d.code, d.name] as [string, string])]}
        />
      </div>
      <QueryState query={load} failed={T.usersFetchFailed} />
      {load.isSuccess && (
        <>
          <p className="utrecht-paragraph" role="status">
            {load.data.count === 1 ? '1 gebruiker' : `${load.data.count} gebruikers`}
          </p>
          <SettingsTable
            scrollLabel="Gebruikers"
            rows={load.data.results}
            columns={[
              { header: 'Gebruikersnaam', cell: (u) => u.username, to: (u) => `${BASE}/${u.id}` },
              { header: 'Naam', cell: fullName },
              { header: 'Rollen', cell: (u) => (u.is_superuser ? 'Superuser' : u.roles.map((r) => r.name).join(', ')) },
              { header: 'Status', cell: (u) => (u.is_active ? 'Actief' : 'Niet actief') },
            ]}
          />
          <Pager page={page} pages={pages} onPage={(p) => set({ page: String(p) })} />
        </>
      )}
    </SettingsPage>
  );
}

function Select({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: Array<[string, string]> }) {
  return (
    <SelectField id={id} label={label} hideOptional value={value} onChange={onChange}>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

function UserForm({ readOnly = false }: { readOnly?: boolean }) {
  const { id, valid, record: user } = useRouteRecord<User>(SETTINGS_PATHS.user);
  const roles = useRoles();
  if (!valid) return <NotFoundPage />;
  if (!user.isSuccess || !roles.isSuccess) {
    return (
      <SettingsPage title="Gebruiker" back={BASE}>
        <QueryState query={firstUnready(user, roles)} failed={user.isError ? T.usersFetchFailed : T.rolesFetchFailed} />
      </SettingsPage>
    );
  }
  if (!user.data && readOnly) return <NotFoundPage />;
  return <UserFields key={id ?? 'new'} user={user.data} roles={roles.data} readOnly={readOnly} />;
}

function UserFields({ user, roles, readOnly }: { user: User | null; roles: Role[]; readOnly: boolean }) {
  const api = useApi();
  const { staffData, user: me } = useAuth();
  const config = useConfig();
  /** The embedded development provider (a path on this origin) is the only one whose passwords we set. */
  const devPasswords = config.oidc.issuer.startsWith('/');
  const departments = staffData?.departments ?? [];
  const [username, setUsername] = useState(user?.username ?? '');
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [active, setActive] = useState(user?.is_active ?? true);
  const [roleIds, setRoleIds] = useState<Set<number>>(() => new Set(user?.roles.map((r) => r.id)));
  const [departmentIds, setDepartmentIds] = useState<Set<number>>(() => new Set(user?.profile.department_ids ?? departments.filter((d) => user?.profile.departments.includes(d.name)).map((d) => d.id)));
  const [note, setNote] = useState(user?.profile.note ?? '');
  const [password, setPassword] = useState('');
  const { errors, busy, save } = useSave();
  const title = user ? (readOnly ? user.username : `Gebruiker wijzigen: ${user.username}`) : 'Gebruiker toevoegen';
  const toggle = (set: (f: (s: Set<number>) => Set<number>) => void, value: number, on: boolean) => set((current) => toggled(current, value, on));
  // Only a superuser changes a superuser; nobody gives a role with rights they do not hold (grants.ts).
  const mayChange = mayChangeUser(me, user);
  const initialRoles = useMemo(() => new Set(user?.roles.map((r) => r.id)), [user]);
  const withheldRoles = roles.filter((r) => !initialRoles.has(r.id) && !mayGrantRole(me, r));

  if ((readOnly || !mayChange) && user) {
    return (
      <SettingsPage title={readOnly ? title : user.username} back={BASE}>
        <p className="utrecht-paragraph" role={mayChange ? undefined : 'note'}>
          {mayChange ? T.viewOnly : NOT_ALLOWED}
        </p>
        <dl className="ml-settings__details">
          <dt>Naam</dt>
          <dd>{fullName(user) || '–'}</dd>
          <dt>Status</dt>
          <dd>{user.is_active ? 'Actief' : 'Niet actief'}</dd>
          <dt>Rollen</dt>
          <dd>{user.is_superuser ? 'Superuser' : user.roles.map((r) => r.name).join(', ') || '–'}</dd>
          <dt>Afdelingen</dt>
          <dd>{user.profile.departments.join(', ') || '–'}</dd>
          <dt>Notitie</dt>
          <dd>{user.profile.note || '–'}</dd>
        </dl>
        <HistoryList path={SETTINGS_PATHS.userHistory(user.id)} />
      </SettingsPage>
    );
  }

  function submit() {
    const local: Record<string, string> = {};
    if (!user && !username.trim()) local.username = 'Vul een e-mailadres in.';
    if (password && password.length < 8) local.password = 'Een wachtwoord heeft minstens 8 tekens.';
    const body = {
      ...(user ? {} : { username: username.trim() }),
      first_name: firstName,
      last_name: lastName,
      is_active: active,
      role_ids: [...roleIds],
      profile: { note: note.trim() ? note : null, department_ids: [...departmentIds] },
      ...(password ? { password } : {}),
    };
    void save(local, T.userSaveFailed, async () => {
      if (user) {
        await api.patch<User>(SETTINGS_PATHS.user(user.id), body);
        return BASE;
      }
      // a new user opens on its own page, with the history of its creation
      return `${BASE}/${(await api.post<User>(SETTINGS_PATHS.users, body)).id}`;
    });
  }

  return (
    <SettingsPage title={title} back={BASE}>
      <Form className="ml-settings__form" onSubmit={submit}>
        {!user && <TextField id="user-username" type="email" label="E-mailadres (gebruikersnaam)" required value={username} onChange={setUsername} error={errors.username} />}
        <TextField id="user-first-name" label="Voornaam" value={firstName} onChange={setFirstName} error={errors.first_name} autoComplete="off" />
        <TextField id="user-last-name" label="Achternaam" value={lastName} onChange={setLastName} error={errors.last_name} autoComplete="off" />
        <CheckboxField
          id="user-active"
          label="Actief"
          checked={active}
          onChange={setActive}
          disabled={user?.id === me?.id}
          hint={user?.id === me?.id ? 'Je kunt je eigen account niet op inactief zetten.' : 'Een inactieve gebruiker kan niet inloggen.'}
        />
        {errors.is_active && <p className="utrecht-paragraph ml-error-message">{errors.is_active}</p>}
        <Checklist
          legend="Rollen"
          hint={withheldRoles.length > 0 ? `${NOT_ALLOWED} ${T.rolesNotHeld}` : undefined}
          error={errors.role_ids}
          items={roles.map((r) => ({ id: r.id, label: r.name, disabled: withheldRoles.includes(r), describedBy: 'role-hint' }))}
          selected={roleIds}
          onToggle={(v, on) => toggle(setRoleIds, v, on)}
          prefix="role"
        />
        <Checklist
          legend="Afdelingen"
          hint="Een medewerker ziet de meldingen van de categorieën waarvoor zijn afdelingen verantwoordelijk zijn of die zij mogen inzien."
          error={errors.department_ids}
          items={departments.map((d) => ({ id: d.id, label: `${d.name} (${d.code})` }))}
          selected={departmentIds}
          onToggle={(v, on) => toggle(setDepartmentIds, v, on)}
          prefix="department"
        />
        <TextField id="user-note" label="Notitie" multiline value={note} onChange={setNote} error={errors.note} />
        {devPasswords && maySetPassword(me, user) && (
          <TextField
            id="user-password"
            type="password"
            autoComplete="new-password"
            label={user ? 'Nieuw wachtwoord (ontwikkelomgeving)' : 'Beginwachtwoord (ontwikkelomgeving)'}
            hint="Alleen voor de ingebouwde inlogdienst van de ontwikkelomgeving, minstens 8 tekens. Met de inlogdienst van de gemeente wordt het wachtwoord daar beheerd."
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
        )}
        <FormButtons busy={busy} cancel={BASE} />
      </Form>
      {user && <HistoryList path={SETTINGS_PATHS.userHistory(user.id)} />}
    </SettingsPage>
  );
}

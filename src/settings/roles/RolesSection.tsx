/**
 * /instellingen/rollen: the roles, a new role, a role's name and permissions (spec
 * docs/reference/screens.md#entities 'Roles state': saving a role appends it to the list, patching replaces the role
 * with the same id). The form only for `groupForm` (docs/reference/permissions.md#roles); others see the list.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { useApi } from '../../api/index.ts';
import { useAuth } from '../../auth/index.ts';
import { NotFoundPage } from '../../static/NotFoundPage.tsx';
import { QueryState } from '../../api/QueryState.tsx';
import { SETTINGS_PATHS, type Permission, type Role } from '../api.ts';
import { ButtonLink, SettingsPage, SettingsTable, useSave } from '../components.tsx';
import { CheckboxField, Form, FormButtons, TextField, toggled } from '../../forms/index.ts';
import { usePermissions, useRoles, useSavedInList } from '../queries.ts';
import { SETTINGS_TEXTS as T } from '../texts.ts';
import { groupPermissions, permissionHelp } from './permissions.ts';
import { holdsAll, NOT_ALLOWED } from '../grants.ts';

const BASE = '/instellingen/rollen';
const byName = new Intl.Collator('nl', { sensitivity: 'base' });

type Loaded<T> = UseQueryResult<T>;

export default function RolesSection() {
  const { can } = useAuth();
  const roles = useRoles();
  const permissions = usePermissions();
  const editable = can?.('groupForm') ?? false;
  const form = (readOnly: boolean) => <RoleForm roles={roles} permissions={permissions} readOnly={readOnly} />;
  return (
    <Routes>
      <Route index element={<RoleList roles={roles} editable={editable} />} />
      <Route path="nieuw" element={editable ? form(false) : <NotFoundPage />} />
      <Route path=":id" element={form(!editable)} />
    </Routes>
  );
}

function RoleList({ roles: load, editable }: { roles: Loaded<Role[]>; editable: boolean }) {
  return (
    <SettingsPage
      title="Rollen"
      back="/instellingen/"
      actions={
        editable && (
          <ButtonLink to={`${BASE}/nieuw`}>Rol toevoegen</ButtonLink>
        )
      }
    >
      <QueryState query={load} failed={T.rolesFetchFailed} />
      {load.isSuccess && (
        <SettingsTable
          rows={[...load.data].sort((a, b) => byName.compare(a.name, b.name))}
          columns={[
            { header: 'Naam', cell: (role) => role.name, to: (role) => `${BASE}/${role.id}` },
            { header: 'Rechten', cell: (role) => (role.permissions.length === 1 ? '1 recht' : `${role.permissions.length} rechten`) },
          ]}
        />
      )}
    </SettingsPage>
  );
}

function RoleForm({ roles, permissions, readOnly }: { roles: Loaded<Role[]>; permissions: Loaded<Permission[]>; readOnly: boolean }) {
  const { id } = useParams();
  if (!roles.isSuccess) {
    return (
      <SettingsPage title="Rol" back={BASE}>
        <QueryState query={roles} failed={T.rolesFetchFailed} />
      </SettingsPage>
    );
  }
  const role = id === undefined ? undefined : roles.data.find((r) => String(r.id) === id);
  if (id !== undefined && !role) return <NotFoundPage />;
  if (!role && readOnly) return <NotFoundPage />;
  return <RoleFormFields key={id ?? 'new'} role={role} permissions={permissions} readOnly={readOnly} />;
}

function RoleFormFields({ role, permissions, readOnly }: { role?: Role; permissions: Loaded<Permission[]>; readOnly: boolean }) {
  const api = useApi();
  const { user: me } = useAuth();
  const [name, setName] = useState(role?.name ?? '');
  const [selected, setSelected] = useState<Set<number>>(() => new Set(role?.permissions.map((p) => p.id)));
  // Nobody adds to a role a right they do not hold (grants.ts); what the role has may stay or go.
  const [initial] = useState(() => new Set(role?.permissions.map((p) => p.id)));
  const withheld = (p: Permission) => !initial.has(p.id) && !holdsAll(me, [p.codename]);
  const { errors, busy, save } = useSave();
  const savedInList = useSavedInList<Role>(SETTINGS_PATHS.roles);
  const title = role ? (readOnly ? role.name : `Rol wijzigen: ${role.name}`) : 'Rol toevoegen';

  const toggle = (permissionId: number, on: boolean) => setSelected((current) => toggled(current, permissionId, on));

  function submit() {
    const body = { name: name.trim(), permission_ids: [...selected] };
    void save(name.trim() ? {} : { name: 'Vul een naam in.' }, role ? T.rolePatchFailed : T.roleSaveFailed, async () => {
      savedInList(role ? await api.patch<Role>(SETTINGS_PATHS.role(role.id), { id: role.id, ...body }) : await api.post<Role>(SETTINGS_PATHS.roles, body));
      return BASE;
    });
  }

  // A role's own permissions are known even when the permission list failed.
  const groups = groupPermissions(permissions.isSuccess ? permissions.data : (role?.permissions ?? []));
  if (readOnly && role) {
    return (
      <SettingsPage title={title} back={BASE}>
        <p className="utrecht-paragraph">{T.viewOnly}</p>
        {groups.map((group) => {
          const held = group.permissions.filter((p) => selected.has(p.id));
          return held.length === 0 ? null : (
            <section key={group.title} className="ml-settings__group">
              <h2 className="utrecht-heading-2">{group.title}</h2>
              <ul className="utrecht-unordered-list">
                {held.map((p) => (
                  <li key={p.id} className="utrecht-unordered-list__item">
                    {p.name}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </SettingsPage>
    );
  }
  return (
    <SettingsPage title={title} back={BASE}>
      <Form className="ml-settings__form" onSubmit={submit}>
        <TextField id="role-name" label="Naam" required value={name} onChange={setName} error={errors.name} />
        <QueryState query={permissions} failed={T.permissionsFetchFailed} />
        {errors.permission_ids && <p className="utrecht-paragraph ml-error-message">{errors.permission_ids}</p>}
        {groups.some((group) => group.permissions.some(withheld)) && (
          <p id="permissions-withheld" className="utrecht-paragraph" role="note">
            {NOT_ALLOWED} {T.permissionsNotHeld}
          </p>
        )}
        {groups.map((group) => (
          <fieldset key={group.title} className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset ml-fieldset ml-settings__group">
            <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend ml-legend">{group.title}</legend>
            {group.permissions.map((p) => {
              const inputId = `permission-${p.id}`;
              const help = permissionHelp(p.codename);
              return (
                <CheckboxField
                  key={p.id}
                  id={inputId}
                  className="ml-settings__permission"
                  label={p.name}
                  hint={help || undefined}
                  checked={selected.has(p.id)}
                  disabled={withheld(p)}
                  describedBy={withheld(p) ? 'permissions-withheld' : undefined}
                  onChange={(on) => toggle(p.id, on)}
                />
              );
            })}
          </fieldset>
        ))}
        <FormButtons busy={busy} cancel={BASE} />
      </Form>
    </SettingsPage>
  );
}

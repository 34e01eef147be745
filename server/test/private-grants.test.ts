/**
 * docs/security.md, "a user manager can become superuser": who may grant what (server/src/auth/grants.ts,
 * docs/settings.md "Who may grant what"). A user manager (change_user, not a superuser) may not
 * change or deactivate a superuser, may not set another account's password, and nobody grants a
 * role or a permission they do not hold (through roles or directly). A superuser may all of it.
 * Each refusal is the contract's 403 and leaves the database as it was.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken, signIn } from './private-support.ts';

const P = '/signals/v1/private';
const FORBIDDEN = { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' };
const MANAGER = 'gebruikersbeheer@gemeente.nl';
const ROLE_MANAGER = 'rollenbeheer@gemeente.nl';

describe.each(DATABASE_TARGETS)('who may grant what (%s)', (target) => {
  const t = useTestApp(target);
  const call = async (email: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const res = await t().app.inject({ method, url, headers: bearer(await mintToken(t().app, email)), payload: payload as object });
    return { status: res.statusCode, body: res.json() as any };
  };
  const admin = ACCOUNTS.admin.email;
  const permissionIds = async (...codenames: string[]) => {
    const all = (await call(admin, 'GET', `${P}/permissions/?all=true&page_size=1000`)).body.results as { id: number; codename: string }[];
    return codenames.map((c) => all.find((p) => p.codename === c)!.id);
  };
  const roleId = async (name: string) => ((await call(admin, 'GET', `${P}/roles/`)).body.results as { id: number; name: string }[]).find((r) => r.name === name)!.id;
  const userId = async (email: string) => ((await call(admin, 'GET', `${P}/users/?username=${encodeURIComponent(email)}`)).body.results[0].id as number);
  const account = async (email: string) => t().app.db.selectFrom('staff_user').select(['is_active', 'password_hash', 'first_name']).where('username', '=', email).executeTakeFirstOrThrow();

  /** A role and a user holding it, made by the superuser. */
  async function staffWith(email: string, roleName: string, codenames: string[]) {
    const role = await call(admin, 'POST', `${P}/roles/`, { name: roleName, permission_ids: await permissionIds(...codenames) });
    expect(role.status).toBe(201);
    const user = await call(admin, 'POST', `${P}/users/`, { username: email, role_ids: [role.body.id], password: 'beginwachtwoord' });
    expect(user.status).toBe(201);
    return user.body.id as number;
  }

  it('a user manager cannot set a superuser\'s password, nor sign in as the superuser with it', async () => {
    await staffWith(MANAGER, 'Gebruikersbeheer', ['sia_read', 'sia_write', 'view_user', 'add_user', 'change_user']);
    const before = await account(admin);
    expect(await call(MANAGER, 'PATCH', `${P}/users/${await userId(admin)}`, { password: 'overgenomen-wachtwoord' })).toEqual({ status: 403, body: FORBIDDEN });
    expect((await account(admin)).password_hash).toBe(before.password_hash);
    await expect(signIn(t().app, admin, 'overgenomen-wachtwoord')).rejects.toThrow(/sign-in refused/);
    await expect(signIn(t().app, admin, ACCOUNTS.admin.password)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('a user manager cannot deactivate or otherwise change a superuser', async () => {
    const adminId = await userId(admin);
    for (const change of [{ is_active: false }, { first_name: 'Overgenomen' }, { role_ids: [] }]) {
      expect(await call(MANAGER, 'PATCH', `${P}/users/${adminId}`, change)).toEqual({ status: 403, body: FORBIDDEN });
    }
    expect(await account(admin)).toMatchObject({ is_active: true, first_name: 'Ad' });
    // reading stays allowed
    expect((await call(MANAGER, 'GET', `${P}/users/${adminId}`)).status).toBe(200);
  });

  it('a user manager sets only their own password, not another staff member\'s', async () => {
    const lezer = await userId(ACCOUNTS.lezer.email);
    const before = await account(ACCOUNTS.lezer.email);
    expect(await call(MANAGER, 'PATCH', `${P}/users/${lezer}`, { password: 'overgenomen-wachtwoord' })).toEqual({ status: 403, body: FORBIDDEN });
    expect((await account(ACCOUNTS.lezer.email)).password_hash).toBe(before.password_hash);
    expect((await call(MANAGER, 'PATCH', `${P}/users/${await userId(MANAGER)}`, { password: 'eigen-nieuw-wachtwoord' })).status).toBe(200);
    await expect(signIn(t().app, MANAGER, 'eigen-nieuw-wachtwoord')).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('a user manager gives only roles whose permissions they hold; keeping or taking away a role is no grant', async () => {
    const lezer = await userId(ACCOUNTS.lezer.email);
    const [beheerder, alleenLezen] = [await roleId('Beheerder'), await roleId('Alleen lezen')];
    expect(await call(MANAGER, 'PATCH', `${P}/users/${lezer}`, { role_ids: [alleenLezen, beheerder] })).toEqual({ status: 403, body: FORBIDDEN });
    expect(await call(MANAGER, 'POST', `${P}/users/`, { username: 'nieuw-beheer@gemeente.nl', role_ids: [beheerder] })).toEqual({ status: 403, body: FORBIDDEN });
    expect((await call(admin, 'GET', `${P}/users/?username=nieuw-beheer`)).body.count).toBe(0);
    expect((await call(MANAGER, 'GET', `${P}/users/${lezer}`)).body.roles.map((r: any) => r.name)).toEqual(['Alleen lezen']);
    // Alleen lezen holds only sia_read, which the manager holds
    const created = await call(MANAGER, 'POST', `${P}/users/`, { username: 'nieuw-lezer@gemeente.nl', role_ids: [alleenLezen] });
    expect(created.status).toBe(201);
    // a Beheerder's other fields may change while the role stays; taking the role away is allowed
    const bea = await userId(ACCOUNTS.beheerder.email);
    expect((await call(MANAGER, 'PATCH', `${P}/users/${bea}`, { first_name: 'Bea', role_ids: [beheerder] })).status).toBe(200);
    expect((await call(MANAGER, 'PATCH', `${P}/users/${bea}`, { role_ids: [] })).status).toBe(200);
    expect((await call(MANAGER, 'PATCH', `${P}/users/${bea}`, { role_ids: [beheerder] })).status).toBe(403);
    expect((await call(admin, 'PATCH', `${P}/users/${bea}`, { role_ids: [beheerder] })).status).toBe(200);
  });

  it('a permission granted directly counts as held', async () => {
    const manager = await userId(MANAGER);
    const [exportId] = await permissionIds('sia_signal_export');
    const exportRole = await call(admin, 'POST', `${P}/roles/`, { name: 'Exporteren', permission_ids: [exportId] });
    const lezer = await userId(ACCOUNTS.lezer.email);
    const roles = [await roleId('Alleen lezen'), exportRole.body.id];
    expect((await call(MANAGER, 'PATCH', `${P}/users/${lezer}`, { role_ids: roles })).status).toBe(403);
    await t().app.db.insertInto('user_permission').values({ user_id: manager, permission_id: exportId! }).execute();
    expect((await call(MANAGER, 'PATCH', `${P}/users/${lezer}`, { role_ids: roles })).status).toBe(200);
  });

  it('a role manager adds to a role only permissions they hold; removing or renaming is allowed', async () => {
    await staffWith(ROLE_MANAGER, 'Rollenbeheer', ['sia_read', 'sia_write', 'view_group', 'add_group', 'change_group']);
    const [read, exportId, changeUser] = await permissionIds('sia_read', 'sia_signal_export', 'change_user');
    expect(await call(ROLE_MANAGER, 'POST', `${P}/roles/`, { name: 'Export', permission_ids: [read, exportId] })).toEqual({ status: 403, body: FORBIDDEN });
    expect(await call(ROLE_MANAGER, 'POST', `${P}/roles/`, { name: 'Gebruikers', permission_ids: [changeUser] })).toEqual({ status: 403, body: FORBIDDEN });
    expect(((await call(admin, 'GET', `${P}/roles/`)).body.results as any[]).map((r) => r.name)).not.toContain('Export');
    const own = await call(ROLE_MANAGER, 'POST', `${P}/roles/`, { name: 'Lezen', permission_ids: [read] });
    expect(own.status).toBe(201);
    expect(await call(ROLE_MANAGER, 'PATCH', `${P}/roles/${own.body.id}`, { permission_ids: [read, exportId] })).toEqual({ status: 403, body: FORBIDDEN });
    expect((await call(admin, 'GET', `${P}/roles/${own.body.id}`)).body.permissions.map((p: any) => p.codename)).toEqual(['sia_read']);
    // the Coördinator role holds permissions the role manager does not: renaming it or taking one away grants nothing
    const coordinator = await call(admin, 'GET', `${P}/roles/${await roleId('Coördinator')}`);
    const kept = (coordinator.body.permissions as any[]).map((p) => p.id).filter((id) => id !== exportId);
    expect((await call(ROLE_MANAGER, 'PATCH', `${P}/roles/${coordinator.body.id}`, { name: 'Coördinatie', permission_ids: kept })).status).toBe(200);
    expect((await call(ROLE_MANAGER, 'PATCH', `${P}/roles/${coordinator.body.id}`, { permission_ids: [...kept, exportId] })).status).toBe(403);
    expect((await call(admin, 'PATCH', `${P}/roles/${coordinator.body.id}`, { name: 'Coördinator', permission_ids: [...kept, exportId] })).status).toBe(200);
  });

  it('a superuser changes a superuser, sets any password and grants any role', async () => {
    const second = await call(admin, 'POST', `${P}/users/`, { username: 'tweede-admin@gemeente.nl' });
    await t().app.db.updateTable('staff_user').set({ is_superuser: true }).where('id', '=', second.body.id).execute();
    expect((await call(admin, 'PATCH', `${P}/users/${second.body.id}`, { password: 'een-nieuw-wachtwoord', first_name: 'Tweede' })).status).toBe(200);
    await expect(signIn(t().app, 'tweede-admin@gemeente.nl', 'een-nieuw-wachtwoord')).resolves.toMatchObject({ token_type: 'Bearer' });
    expect((await call(admin, 'PATCH', `${P}/users/${second.body.id}`, { is_active: false })).status).toBe(200);
    expect((await account('tweede-admin@gemeente.nl')).is_active).toBe(false);
    const lezer = await userId(ACCOUNTS.lezer.email);
    expect((await call(admin, 'PATCH', `${P}/users/${lezer}`, { password: 'door-admin-gezet' })).status).toBe(200);
  });
});

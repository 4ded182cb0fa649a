/** The only place the users and departments tables are queried. */
import type { Kysely, Transaction } from 'kysely';
import type { AdminUser, UserDetails } from '@ichat/shared';
import type { Database, NewUser, UserRow } from '../../db/tables.js';
import { lookupKey, nowMs, toBool } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type UserWithDepartment = UserRow & { department: string | null };

const selectUsers = (db: Executor) =>
  db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .selectAll('users')
    .select('departments.name as department');

export const toUserDetails = (user: UserWithDepartment): UserDetails => ({
  id: user.id,
  display_name: user.display_name,
  first_name: user.first_name,
  last_name: user.last_name,
  email_address: user.email_address,
  department: user.department,
  username: user.username,
  admin_access: toBool(user.admin_access),
  approval_page: toBool(user.approval_page),
  profile_photo: user.profile_photo,
  must_change_password: toBool(user.must_change_password),
});

export const toAdminUser = (user: UserWithDepartment): AdminUser => ({
  id: user.id,
  email_address: user.email_address,
  username: user.username,
  display_name: user.display_name,
  first_name: user.first_name,
  last_name: user.last_name,
  department: user.department,
  admin_access: toBool(user.admin_access),
  is_active: toBool(user.is_active),
});

export const createAccountsRepository = (db: Kysely<Database>) => ({
  /** By email address or username, case-insensitively. */
  findByLogin(login: string): Promise<UserWithDepartment | undefined> {
    const key = lookupKey(login);
    return selectUsers(db)
      .where((eb) => eb.or([eb('users.email_key', '=', key), eb('users.username_key', '=', key)]))
      .orderBy('users.id')
      .executeTakeFirst();
  },

  findById(id: number, executor: Executor = db): Promise<UserWithDepartment | undefined> {
    return selectUsers(executor).where('users.id', '=', id).executeTakeFirst();
  },

  /** The few columns every authenticated request needs. */
  findSessionState(id: number) {
    return db
      .selectFrom('users')
      .select(['id', 'token_version', 'is_active', 'admin_access', 'must_change_password', 'display_name', 'profile_photo'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Accounts whose email or username key is any of `keys`. */
  findByAnyLoginKey(keys: string[], executor: Executor = db) {
    return executor
      .selectFrom('users')
      .select(['id', 'email_key', 'username_key'])
      .where((eb) => eb.or([eb('email_key', 'in', keys), eb('username_key', 'in', keys)]))
      .execute();
  },

  listAll(): Promise<UserWithDepartment[]> {
    return selectUsers(db).orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id').execute();
  },

  async insert(user: NewUser, executor: Executor = db): Promise<number> {
    const { id } = await executor.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async findOrCreateDepartment(name: string, executor: Executor = db): Promise<number> {
    const nameKey = lookupKey(name);
    const existing = await executor
      .selectFrom('departments')
      .select('id')
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
    if (existing) return existing.id;
    const created = await executor
      .insertInto('departments')
      .values({ name: name.trim(), name_key: nameKey, created_at: nowMs() })
      .onConflict((oc) => oc.column('name_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) return created.id;
    const raced = await executor
      .selectFrom('departments')
      .select('id')
      .where('name_key', '=', nameKey)
      .executeTakeFirstOrThrow();
    return raced.id;
  },

  async updateProfile(id: number, changes: { display_name: string; profile_photo?: string }): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...changes, updated_at: nowMs() })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Stores a new hash and raises the token version in one statement, so no token issued
   * before the change survives it. Returns the new version.
   */
  async replacePassword(id: number, passwordHash: string, options: { mustChange: boolean }, executor: Executor = db): Promise<number> {
    const row = await executor
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        must_change_password: options.mustChange,
        token_version: eb('token_version', '+', 1),
        updated_at: nowMs(),
      }))
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    return row.token_version;
  },

  async revokeTokens(id: number, executor: Executor = db): Promise<void> {
    await executor
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: nowMs() }))
      .where('id', '=', id)
      .execute();
  },

  async updateAccess(
    id: number,
    changes: { is_active?: boolean; admin_access?: boolean },
    options: { revokeTokens: boolean },
    executor: Executor = db,
  ): Promise<void> {
    await executor
      .updateTable('users')
      .set((eb) => ({
        ...changes,
        ...(options.revokeTokens ? { token_version: eb('token_version', '+', 1) } : {}),
        updated_at: nowMs(),
      }))
      .where('id', '=', id)
      .execute();
  },

  async countUsers(): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
});

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

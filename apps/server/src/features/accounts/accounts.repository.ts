/** The only place the users and departments tables are queried. */
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { AdminUser, Person, UserDetails } from '@ichat/shared';
import { compileOnce } from '../../db/compile-once.js';
import type { Database, NewUser, UserRow, UsersTable } from '../../db/tables.js';
import { lookupKey, nowMs, toBool, toIso, toIsoOrNull } from '../../db/values.js';

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

export const toPerson = (user: UserWithDepartment): Person => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  display_name: user.display_name,
  email_address: user.email_address,
  username: user.username,
  department: user.department,
  admin_access: toBool(user.admin_access),
  approval_page: toBool(user.approval_page),
  is_active: toBool(user.is_active),
  must_change_password: toBool(user.must_change_password),
  last_online: toIsoOrNull(user.last_online_at),
  createdAt: toIso(user.created_at),
});

/** The people table's sort keys and the columns they order by. */
const PEOPLE_ORDER = {
  name: ['users.last_name', 'users.first_name'],
  email: ['users.email_key'],
  username: ['users.username_key'],
  department: ['departments.name_key'],
  created: ['users.created_at'],
  last_online: ['users.last_online_at'],
} as const;

export interface PeoplePage {
  query?: string | undefined;
  sort: keyof typeof PEOPLE_ORDER;
  direction: 'asc' | 'desc';
  status: 'active' | 'inactive' | 'all';
  offset: number;
  limit: number;
}

/** The columns an administrator may change on a person. */
export type UserChanges = Partial<
  Pick<
    Updateable<UsersTable>,
    | 'first_name'
    | 'last_name'
    | 'display_name'
    | 'email_address'
    | 'email_key'
    | 'username'
    | 'username_key'
    | 'department_id'
    | 'admin_access'
    | 'approval_page'
    | 'is_active'
  >
>;

/** Escapes LIKE wildcards so a search is matched literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const createAccountsRepository = (db: Kysely<Database>) => {
  // Read on every request: compiled once (db/compile-once.ts).
  const sessionState = compileOnce(db, 1, (query, id: number) =>
    query
      .selectFrom('users')
      .select(['id', 'token_version', 'is_active', 'admin_access', 'must_change_password', 'display_name', 'profile_photo', 'first_name', 'email_address'])
      .where('id', '=', id),
  );
  return {
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
    async findSessionState(id: number) {
      const { rows } = await sessionState(db, id);
      return rows[0];
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

    /** One page of the people table, searched over names, email, username and department, with the count of all matches. */
    async listPage(page: PeoplePage): Promise<{ rows: UserWithDepartment[]; total: number }> {
      let base = db.selectFrom('users').leftJoin('departments', 'departments.id', 'users.department_id');
      if (page.status !== 'all') base = base.where('users.is_active', '=', page.status === 'active');
      if (page.query) {
        const pattern = likePattern(page.query);
        const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        base = base.where((eb) =>
          eb.or([
            like('users.display_name'),
            like('users.first_name'),
            like('users.last_name'),
            like('users.email_key'),
            like('users.username_key'),
            like('departments.name'),
          ]),
        );
      }
      let rows = base.selectAll('users').select('departments.name as department');
      for (const column of PEOPLE_ORDER[page.sort]) rows = rows.orderBy(column, page.direction);
      const [found, total] = await Promise.all([
        rows.orderBy('users.id', page.direction).offset(page.offset).limit(page.limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows: found, total: Number(total.count) };
    },

    /** People by the lookup keys of their email addresses or usernames (CSV import). */
    findByLoginKeys(keys: string[], executor: Executor = db): Promise<UserWithDepartment[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return selectUsers(executor)
        .where((eb) => eb.or([eb('users.email_key', 'in', keys), eb('users.username_key', 'in', keys)]))
        .execute();
    },

    /** Departments by lookup key, retired ones included (their retired_at says so). */
    departmentsByKey(executor: Executor = db) {
      return executor.selectFrom('departments').select(['id', 'name', 'name_key', 'retired_at']).execute();
    },

    /** An administrator's change; raising the token version signs the person out everywhere. */
    async updateUser(id: number, changes: UserChanges, options: { revokeTokens: boolean }, executor: Executor = db): Promise<void> {
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

    /** Starts the person's login-limit counts afresh (auth/login-limiter.ts keys carry this time). */
    async moveUnlockTime(id: number, time: number, executor: Executor = db): Promise<void> {
      await executor.updateTable('users').set({ login_unlocked_at: time }).where('id', '=', id).execute();
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

    /** The person's do not disturb, quiet hours and push previews, as stored. */
    async findNotificationSettings(id: number) {
      const row = await db
        .selectFrom('users')
        .select(['dnd_until', 'quiet_hours_from', 'quiet_hours_to', 'quiet_hours_time_zone', 'push_previews'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...row, push_previews: toBool(row.push_previews) };
    },

    async updateNotificationSettings(
      id: number,
      changes: Partial<{ dnd_until: number | null; quiet_hours_from: string | null; quiet_hours_to: string | null; quiet_hours_time_zone: string; push_previews: boolean }>,
    ): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
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

    async countUsers(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
};

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

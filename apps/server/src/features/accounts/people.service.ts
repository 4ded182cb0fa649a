/**
 * People administration (docs/DECISIONS.md, "Administration"): the admin area's people
 * table, creating and editing accounts, temporary passwords, unlocking, deactivation, and
 * the staff list in and out as CSV. Every change is written with its audit entry in one
 * transaction; a person an administrator creates or resets must change the password at
 * their next sign-in (http/authenticate.ts refuses everything else until then).
 */
import {
  canChangeAccess,
  createUserBodySchema,
  USER_CSV_COLUMNS,
  type AdminEditUserBody,
  type CreateUserBody,
  type ImportRow,
  type Person,
} from '@ichat/shared';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { hashPassword, temporaryPassword } from '../../auth/passwords.js';
import type { LoginLimiter } from '../../auth/login-limiter.js';
import { readCsv, toSpreadsheetCsv } from '../../csv/spreadsheet-csv.js';
import type { Database } from '../../db/tables.js';
import { isUniqueViolation, lookupKey, nowMs, toBool, toIso, toIsoOrNull } from '../../db/values.js';
import { badRequest, conflict, enforce, notFound } from '../../errors.js';
import type { LiveChannel } from '../../realtime/socket-server.js';
import type { Actor, AuditTrail } from '../audit/audit.service.js';
import type { PushRepository } from '../push/push.repository.js';
import { toAdminUser, toPerson, type AccountsRepository, type PeoplePage, type UserChanges, type UserWithDepartment } from './accounts.repository.js';

/** At most this many rows in one import: a whole company's staff list, read in one request. */
export const IMPORT_MAX_ROWS = 5000;
/** Passwords hashed at once during an import: libuv's four threads, no more. */
const HASHING_AT_ONCE = 4;

type Executor = Kysely<Database> | Transaction<Database>;
type ImportFields = Record<(typeof USER_CSV_COLUMNS)[number], string>;

/** One CSV row's fields, checked as the create call checks them (without the password). */
const importRowSchema = createUserBodySchema.pick({ first_name: true, last_name: true, email_address: true, username: true, department: true });

/** What the log keeps of a person: the fields an administrator sets (never a password). */
const auditView = (user: UserWithDepartment) => {
  const { id: _id, must_change_password: _mustChange, last_online: _lastOnline, createdAt: _createdAt, ...view } = toPerson(user);
  return view;
};
type AuditView = ReturnType<typeof auditView>;

/** Only the fields that changed, before and after. */
const changedFields = (before: AuditView, after: AuditView) => {
  const keys = (Object.keys(after) as (keyof AuditView)[]).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
    keys,
  };
};

/** Resolves the same task over items a few at a time. */
const inBatches = async <Item, Result>(items: Item[], size: number, task: (item: Item) => Promise<Result>): Promise<Result[]> => {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(task))));
  }
  return results;
};

export interface PeopleServiceDeps {
  db: Kysely<Database>;
  repo: AccountsRepository;
  /** Only to drop the old counts early; moving login_unlocked_at on is what unlocks. */
  limiter: Pick<LoginLimiter, 'unlock'>;
  /** The running server's live sockets; the command line has none (tokens end all the same). */
  live: Pick<LiveChannel, 'endSessions'>;
  audit: AuditTrail;
  /** A deactivated person's browsers, or those of one given a temporary password, stop getting pushes at once (features/push). */
  pushSubscriptions: Pick<PushRepository, 'removeAllOf'>;
}

export const createPeopleService = ({ db, repo, limiter, live, audit, pushSubscriptions }: PeopleServiceDeps) => {
  const requirePerson = async (userId: number, executor: Executor = db) => {
    const user = await repo.findById(userId, executor);
    if (!user) throw notFound('That user does not exist.');
    return user;
  };

  /** A department by name for a person: an existing one, or a new one; never a retired one. */
  const departmentFor = async (name: string, executor: Executor) => {
    const existing = (await repo.departmentsByKey(executor)).find((department) => department.name_key === lookupKey(name));
    if (existing?.retired_at !== null && existing !== undefined) throw badRequest(`The department ${existing.name} is retired.`);
    return existing?.id ?? repo.findOrCreateDepartment(name, executor);
  };

  /** 409 when the email address or username is someone else's (login takes either, so the two share one space). */
  const refuseTaken = async (values: { email_address?: string | undefined; username?: string | undefined }, exceptId: number | null) => {
    const emailKey = values.email_address === undefined ? undefined : lookupKey(values.email_address);
    const usernameKey = values.username === undefined ? undefined : lookupKey(values.username);
    const keys = [emailKey, usernameKey].filter((key): key is string => key !== undefined);
    if (keys.length === 0) return;
    const others = (await repo.findByAnyLoginKey(keys)).filter((row) => row.id !== exceptId);
    if (emailKey && others.some((row) => row.email_key === emailKey || row.username_key === emailKey)) {
      throw conflict('That email address is already registered.');
    }
    if (usernameKey && others.some((row) => row.username_key === usernameKey || row.email_key === usernameKey)) {
      throw conflict('That username is already taken.');
    }
  };

  /** Runs a change that may meet a concurrent one on a unique key: the race is a 409 too. */
  const uniquely = async <Result>(values: { email_address?: string | undefined; username?: string | undefined }, exceptId: number | null, change: () => Promise<Result>) => {
    await refuseTaken(values, exceptId);
    try {
      return await change();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await refuseTaken(values, exceptId);
      throw conflict('That email address or username is already registered.');
    }
  };

  /** Stores a new person with their audit entry; they must change the password unless told otherwise. */
  const insertPerson = async (
    trx: Transaction<Database>,
    actor: Actor,
    person: Pick<CreateUserBody, 'first_name' | 'last_name' | 'email_address' | 'username' | 'department' | 'admin_access' | 'approval_page'>,
    secret: { passwordHash: string; mustChangePassword: boolean; time: number; source: string },
  ) => {
    const id = await repo.insert(
      {
        email_address: person.email_address,
        email_key: lookupKey(person.email_address),
        username: person.username,
        username_key: lookupKey(person.username),
        first_name: person.first_name,
        last_name: person.last_name,
        display_name: `${person.first_name} ${person.last_name}`,
        department_id: await departmentFor(person.department, trx),
        admin_access: person.admin_access ?? false,
        approval_page: person.approval_page ?? false,
        must_change_password: secret.mustChangePassword,
        password_hash: secret.passwordHash,
        created_at: secret.time,
        updated_at: secret.time,
      },
      trx,
    );
    const created = await requirePerson(id, trx);
    await audit.record(trx, actor, {
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      summary: `Created ${created.display_name} (${created.username})${secret.source}`,
      after: auditView(created),
    });
    return id;
  };

  /** Reads a CSV of people and decides each row, without storing anything. */
  const planImport = async (text: string) => {
    let parsed;
    try {
      parsed = readCsv(text);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
    const missing = USER_CSV_COLUMNS.filter((column) => !parsed.header.includes(column));
    if (parsed.header.length === 0) throw badRequest('The file is empty.');
    if (missing.length > 0) {
      throw badRequest(`The first row must name the columns ${USER_CSV_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`);
    }
    if (parsed.rows.length === 0) throw badRequest('The file has a header row but no people.');
    if (parsed.rows.length > IMPORT_MAX_ROWS) throw badRequest(`A file can import at most ${IMPORT_MAX_ROWS} people at once.`);
    const position = Object.fromEntries(USER_CSV_COLUMNS.map((column) => [column, parsed.header.indexOf(column)]));
    const fields = parsed.rows.map(({ line, cells }) => ({
      line,
      user: Object.fromEntries(USER_CSV_COLUMNS.map((column) => [column, (cells[position[column]!] ?? '').trim()])) as ImportFields,
    }));

    const keys = fields.flatMap(({ user }) => [lookupKey(user.email_address), lookupKey(user.username)]).filter(Boolean);
    const existing = await repo.findByLoginKeys([...new Set(keys)]);
    const departments = await repo.departmentsByKey();
    const seenEmail = new Map<string, number>();
    const seenUsername = new Map<string, number>();

    const rows = fields.map(({ line, user }): ImportRow & { personId: number | null } => {
      const invalid = (reason: string) => ({ line, outcome: 'invalid' as const, reason, user, personId: null });
      const checked = importRowSchema.safeParse(user);
      if (!checked.success) return invalid(checked.error.issues[0]?.message ?? 'This row is not valid.');
      const emailKey = lookupKey(checked.data.email_address);
      const usernameKey = lookupKey(checked.data.username);
      const emailLine = seenEmail.get(emailKey) ?? seenUsername.get(emailKey);
      if (emailLine !== undefined) return invalid(`The email address ${checked.data.email_address} is on line ${emailLine} too.`);
      const usernameLine = seenUsername.get(usernameKey) ?? seenEmail.get(usernameKey);
      if (usernameLine !== undefined) return invalid(`The username ${checked.data.username} is on line ${usernameLine} too.`);
      seenEmail.set(emailKey, line);
      seenUsername.set(usernameKey, line);
      const department = departments.find((entry) => entry.name_key === lookupKey(checked.data.department));
      if (department && department.retired_at !== null) return invalid(`The department ${department.name} is retired.`);
      // People are matched by email address; the username may change with it.
      const person = existing.find((row) => row.email_key === emailKey);
      const holder = existing.find((row) => row.username_key === usernameKey || row.email_key === usernameKey);
      if (holder && holder.id !== person?.id) return invalid(`The username ${checked.data.username} belongs to someone else.`);
      if (!person && existing.some((row) => row.username_key === emailKey)) {
        return invalid(`The email address ${checked.data.email_address} is someone else’s username.`);
      }
      return { line, outcome: person ? 'update' : 'create', reason: null, user: checked.data, personId: person?.id ?? null };
    });
    const count = (outcome: ImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
    return { rows, summary: { create: count('create'), update: count('update'), invalid: count('invalid') } };
  };

  return {
    async list(page: Omit<PeoplePage, 'offset'> & { page: number }): Promise<{ people: Person[]; total: number }> {
      const { rows, total } = await repo.listPage({ ...page, offset: (page.page - 1) * page.limit });
      return { people: rows.map(toPerson), total };
    },

    /**
     * A new account whose password the person must change at their first sign-in (unless
     * an operator at the command line creates an administrator with a password they chose).
     */
    async create(actor: Actor, body: z.output<typeof createUserBodySchema> & CreateUserBody, options = { mustChangePassword: true }) {
      const passwordHash = await hashPassword(body.password);
      const time = nowMs();
      const userId = await uniquely(body, null, () =>
        db.transaction().execute((trx) =>
          insertPerson(trx, actor, body, { passwordHash, mustChangePassword: options.mustChangePassword, time, source: '' }),
        ),
      );
      return { message: 'User created. They must change the password at their first sign-in.', user: toAdminUser(await requirePerson(userId)) };
    },

    /** Any field, access, or deactivation (which signs the person out everywhere at once). */
    async edit(actor: Actor, userId: number, body: AdminEditUserBody) {
      const before = await requirePerson(userId);
      enforce(canChangeAccess(actor.id ?? 0, userId, body));
      const deactivating = body.is_active === false && toBool(before.is_active);
      await uniquely(body, userId, () =>
        db.transaction().execute(async (trx) => {
          const changes: UserChanges = {
            ...(body.first_name === undefined ? {} : { first_name: body.first_name }),
            ...(body.last_name === undefined ? {} : { last_name: body.last_name }),
            ...(body.display_name === undefined ? {} : { display_name: body.display_name }),
            ...(body.email_address === undefined ? {} : { email_address: body.email_address, email_key: lookupKey(body.email_address) }),
            ...(body.username === undefined ? {} : { username: body.username, username_key: lookupKey(body.username) }),
            ...(body.department === undefined ? {} : { department_id: await departmentFor(body.department, trx) }),
            ...(body.admin_access === undefined ? {} : { admin_access: body.admin_access }),
            ...(body.approval_page === undefined ? {} : { approval_page: body.approval_page }),
            ...(body.is_active === undefined ? {} : { is_active: body.is_active }),
          };
          await repo.updateUser(userId, changes, { revokeTokens: deactivating }, trx);
          if (deactivating) await pushSubscriptions.removeAllOf(userId, trx);
          const after = await requirePerson(userId, trx);
          const changed = changedFields(auditView(before), auditView(after));
          if (changed.keys.length === 0) return;
          const verb = deactivating ? 'Deactivated' : body.is_active === true && !toBool(before.is_active) ? 'Reactivated' : 'Changed';
          await audit.record(trx, actor, {
            action: deactivating ? 'user.deactivate' : verb === 'Reactivated' ? 'user.reactivate' : 'user.update',
            targetType: 'user',
            targetId: userId,
            summary: `${verb} ${after.display_name} (${after.username})${verb === 'Changed' ? `: ${changed.keys.join(', ')}` : ''}`,
            before: changed.before,
            after: changed.after,
          });
        }),
      );
      if (deactivating) live.endSessions(userId, 'deactivated');
      return { message: 'User updated.', user: toAdminUser(await requirePerson(userId)) };
    },

    /**
     * A temporary password (made here when none is given), answered once: the person is
     * signed out everywhere and must change it at their next sign-in.
     */
    async setTemporaryPassword(actor: Actor, userId: number, password: string | undefined) {
      const person = await requirePerson(userId);
      const temporary = password ?? temporaryPassword();
      const passwordHash = await hashPassword(temporary);
      await db.transaction().execute(async (trx) => {
        await repo.replacePassword(userId, passwordHash, { mustChange: true }, trx);
        // Signed out everywhere until they choose a password: their browsers stop getting pushes.
        await pushSubscriptions.removeAllOf(userId, trx);
        await audit.record(trx, actor, {
          action: 'user.password_reset',
          targetType: 'user',
          targetId: userId,
          summary: `Set a temporary password for ${person.display_name} (${person.username})`,
        });
      });
      live.endSessions(userId, 'password-reset');
      return { message: 'Temporary password set. They must change it at their next sign-in.', password: temporary };
    },

    /** Lifts the login limits on the account: its counts start afresh (auth/login-limiter.ts). */
    async unlock(actor: Actor, userId: number) {
      const person = await requirePerson(userId);
      await db.transaction().execute(async (trx) => {
        await repo.moveUnlockTime(userId, Math.max(nowMs(), person.login_unlocked_at + 1), trx);
        await audit.record(trx, actor, {
          action: 'user.unlock',
          targetType: 'user',
          targetId: userId,
          summary: `Unlocked sign-in for ${person.display_name} (${person.username})`,
        });
      });
      await limiter.unlock(`user:${userId}:${person.login_unlocked_at}`);
      return { message: 'The account can sign in again.' };
    },

    async previewImport(text: string) {
      const { rows, summary } = await planImport(text);
      return { rows: rows.map(({ personId: _personId, ...row }) => row), summary };
    },

    /** All rows or none: refused while any row is wrong. New people get a temporary password. */
    async importUsers(actor: Actor, text: string) {
      const { rows, summary } = await planImport(text);
      if (summary.invalid > 0) {
        throw badRequest(
          `${summary.invalid} row${summary.invalid === 1 ? ' is' : 's are'} wrong, so nothing was imported. Preview the file to see which, fix ${summary.invalid === 1 ? 'it' : 'them'} and import again.`,
        );
      }
      const creates = rows.filter((row) => row.outcome === 'create');
      const passwords = creates.map((row) => ({ username: row.user.username, password: temporaryPassword() }));
      const hashes = await inBatches(passwords, HASHING_AT_ONCE, (entry) => hashPassword(entry.password));
      const time = nowMs();
      try {
        await db.transaction().execute(async (trx) => {
          for (const row of rows) {
            if (row.outcome === 'create') {
              await insertPerson(trx, actor, row.user, {
                passwordHash: hashes[creates.indexOf(row)]!,
                mustChangePassword: true,
                time,
                source: ` from CSV line ${row.line}`,
              });
            } else if (row.personId !== null) {
              const before = await requirePerson(row.personId, trx);
              await repo.updateUser(
                row.personId,
                {
                  first_name: row.user.first_name,
                  last_name: row.user.last_name,
                  username: row.user.username,
                  username_key: lookupKey(row.user.username),
                  department_id: await departmentFor(row.user.department, trx),
                },
                { revokeTokens: false },
                trx,
              );
              const after = await requirePerson(row.personId, trx);
              const changed = changedFields(auditView(before), auditView(after));
              if (changed.keys.length > 0) {
                await audit.record(trx, actor, {
                  action: 'user.update',
                  targetType: 'user',
                  targetId: row.personId,
                  summary: `Changed ${after.display_name} (${after.username}) from CSV line ${row.line}: ${changed.keys.join(', ')}`,
                  before: changed.before,
                  after: changed.after,
                });
              }
            }
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Someone else changed these people while the file was imported. Preview it again.');
        throw error;
      }
      return {
        message: `Imported: ${summary.create} created, ${summary.update} updated.`,
        created: summary.create,
        updated: summary.update,
        passwords,
      };
    },

    /** Every account, the import's columns first so an edited export imports back. */
    async exportUsers(actor: Actor): Promise<string> {
      const people = await repo.listAll();
      await db.transaction().execute((trx) =>
        audit.record(trx, actor, { action: 'users.export', targetType: 'user', targetId: null, summary: `Exported ${people.length} people as CSV` }),
      );
      const columns = [...USER_CSV_COLUMNS, 'display_name', 'admin_access', 'approval_page', 'is_active', 'must_change_password', 'last_online', 'created_at'] as const;
      return toSpreadsheetCsv(
        columns,
        people.map((user) => ({
          first_name: user.first_name,
          last_name: user.last_name,
          email_address: user.email_address,
          username: user.username,
          department: user.department,
          display_name: user.display_name,
          admin_access: toBool(user.admin_access),
          approval_page: toBool(user.approval_page),
          is_active: toBool(user.is_active),
          must_change_password: toBool(user.must_change_password),
          last_online: toIsoOrNull(user.last_online_at),
          created_at: toIso(user.created_at),
        })),
      );
    },
  };
};

export type PeopleService = ReturnType<typeof createPeopleService>;

/**
 * The only place a form's setup is written: who may use it (form_permissions) and its
 * approval chain (approval_bands and their approvers). Requests copy their chain when filed,
 * so a new chain only reaches requests filed after it (docs/DESIGN.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { toBool } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface Grant {
  department_id: number | null;
  user_id: number | null;
  add_page: boolean;
  view_page: boolean;
  open_page: boolean;
}

export interface StoredBand {
  min_total: number;
  max_total: number | null;
  initial_needed: number;
  executive_needed: number;
  level1: number[];
  level2: number[];
}

export const createFormSetupRepository = (db: Kysely<Database>) => ({
  listForms: () => db.selectFrom('forms').select(['id', 'name', 'type']).where('is_active', '=', true).orderBy('id').execute(),

  findForm: (formId: number) =>
    db.selectFrom('forms').select(['id', 'name', 'type']).where('id', '=', formId).where('is_active', '=', true).executeTakeFirst(),

  async grantsOf(formId: number, executor: Executor = db) {
    const rows = await executor
      .selectFrom('form_permissions as p')
      .leftJoin('departments as d', 'd.id', 'p.department_id')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.department_id', 'p.user_id', 'p.add_page', 'p.view_page', 'p.open_page', 'd.name as department_name', 'u.display_name as user_name'])
      .where('p.form_id', '=', formId)
      .orderBy('p.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      add_page: toBool(row.add_page),
      view_page: toBool(row.view_page),
      open_page: toBool(row.open_page),
    }));
  },

  async replaceGrants(formId: number, grants: Grant[], time: number, executor: Executor): Promise<void> {
    await executor.deleteFrom('form_permissions').where('form_id', '=', formId).execute();
    if (grants.length === 0) return;
    await executor
      .insertInto('form_permissions')
      .values(grants.map((grant) => ({ form_id: formId, ...grant, created_at: time })))
      .execute();
  },

  /** The form's bands in order, each with its approvers per level (deactivated ones included). */
  async bandsOf(formId: number, executor: Executor = db) {
    const bands = await executor
      .selectFrom('approval_bands')
      .select(['id', 'min_total', 'max_total', 'initial_needed', 'executive_needed'])
      .where('form_id', '=', formId)
      .orderBy('position')
      .execute();
    const approvers =
      bands.length === 0
        ? []
        : await executor
            .selectFrom('approval_band_approvers as a')
            .innerJoin('users as u', 'u.id', 'a.user_id')
            .select(['a.band_id', 'a.level', 'a.user_id', 'u.display_name'])
            .where(
              'a.band_id',
              'in',
              bands.map((band) => band.id),
            )
            .orderBy('a.id')
            .execute();
    return bands.map((band) => {
      const of = (level: number) =>
        approvers.filter((a) => a.band_id === band.id && a.level === level).map((a) => ({ id: a.user_id, display_name: a.display_name }));
      return { ...band, min_total: Number(band.min_total), max_total: band.max_total === null ? null : Number(band.max_total), level1: of(1), level2: of(2) };
    });
  },

  async replaceBands(formId: number, bands: StoredBand[], time: number, executor: Executor): Promise<void> {
    await executor
      .deleteFrom('approval_band_approvers')
      .where('band_id', 'in', (eb) => eb.selectFrom('approval_bands').select('id').where('form_id', '=', formId))
      .execute();
    await executor.deleteFrom('approval_bands').where('form_id', '=', formId).execute();
    for (const [position, band] of bands.entries()) {
      const { id } = await executor
        .insertInto('approval_bands')
        .values({
          form_id: formId,
          position,
          min_total: band.min_total,
          max_total: band.max_total,
          initial_needed: band.initial_needed,
          executive_needed: band.executive_needed,
          updated_at: time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const seats = [...band.level1.map((user_id) => ({ level: 1, user_id })), ...band.level2.map((user_id) => ({ level: 2, user_id }))];
      if (seats.length > 0) {
        await executor
          .insertInto('approval_band_approvers')
          .values(seats.map((seat) => ({ band_id: id, ...seat })))
          .execute();
      }
    }
  },

  /** Of these ids, the active users and the existing departments. */
  async existing(userIds: number[], departmentIds: number[]) {
    const [users, departments] = await Promise.all([
      userIds.length === 0
        ? []
        : db.selectFrom('users').select(['id', 'is_active']).where('id', 'in', userIds).execute(),
      departmentIds.length === 0 ? [] : db.selectFrom('departments').select('id').where('id', 'in', departmentIds).execute(),
    ]);
    return {
      activeUsers: new Set(users.filter((user) => toBool(user.is_active)).map((user) => user.id)),
      users: new Set(users.map((user) => user.id)),
      departments: new Set(departments.map((department) => department.id)),
    };
  },
});

export type FormSetupRepository = ReturnType<typeof createFormSetupRepository>;

/** The only place delegations (an approver's stand-in for a range of days) are queried. */
import type { Delegation } from '@ichat/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

export const createDelegationsRepository = (db: Kysely<Database>) => {
  const withNames = (executor: Executor) =>
    executor
      .selectFrom('delegations as d')
      .innerJoin('users as approver', 'approver.id', 'd.approver_id')
      .innerJoin('users as delegate', 'delegate.id', 'd.delegate_id')
      .innerJoin('users as creator', 'creator.id', 'd.created_by')
      .select([
        'd.id',
        'd.approver_id',
        'd.delegate_id',
        'd.starts_on',
        'd.ends_on',
        'd.created_by',
        'd.created_at',
        'approver.display_name as approver_name',
        'delegate.display_name as delegate_name',
        'creator.display_name as creator_name',
      ])
      .where('d.revoked_at', 'is', null);

  const notRevoked = (executor: Executor) =>
    executor.selectFrom('delegations').select(['approver_id', 'delegate_id', 'starts_on', 'ends_on']).where('revoked_at', 'is', null);

  return {
    /** Stand-ins in force today for this person: whose seats they may use. */
    activeTo: (delegateId: number, today: string, executor: Executor = db): Promise<Delegation[]> =>
      notRevoked(executor).where('delegate_id', '=', delegateId).where('starts_on', '<=', today).where('ends_on', '>=', today).execute(),

    /** An approver's delegations that have not ended before `today`. */
    currentOf: (approverId: number, today: string, executor: Executor = db): Promise<Delegation[]> =>
      notRevoked(executor).where('approver_id', '=', approverId).where('ends_on', '>=', today).execute(),

    /** Delegations given or received by this person (or every one), newest first. */
    list(options: { userId?: number | undefined; today: string }) {
      let query = withNames(db).where('d.ends_on', '>=', options.today);
      const { userId } = options;
      if (userId !== undefined) query = query.where((eb) => eb.or([eb('d.approver_id', '=', userId), eb('d.delegate_id', '=', userId)]));
      return query.orderBy('d.id', 'desc').limit(500).execute();
    },

    findById: (id: number) => withNames(db).where('d.id', '=', id).executeTakeFirst(),

    findUser: (id: number) => db.selectFrom('users').select(['id', 'display_name', 'is_active']).where('id', '=', id).executeTakeFirst(),

    async insert(values: Delegation & { createdBy: number; time: number }, executor: Executor): Promise<number> {
      const row = await executor
        .insertInto('delegations')
        .values({
          approver_id: values.approver_id,
          delegate_id: values.delegate_id,
          starts_on: values.starts_on,
          ends_on: values.ends_on,
          created_by: values.createdBy,
          created_at: values.time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async revoke(id: number, time: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('delegations')
        .set({ revoked_at: time })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
};

export type DelegationsRepository = ReturnType<typeof createDelegationsRepository>;

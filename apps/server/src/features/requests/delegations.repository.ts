/** The only place delegations (an approver's stand-in for a range of days) are queried. */
import type { Delegation } from '@ichat/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Who stands in for whom, from which day to which: what the policy's stand-in rules read. */
const delegationTerms = ['d.approver_id', 'd.delegate_id', 'd.starts_on', 'd.ends_on'] as const;

export const createDelegationsRepository = (db: Kysely<Database>) => {
  const withNames = (executor: Executor) =>
    executor
      .selectFrom('delegations as d')
      .innerJoin('users as approver', 'approver.id', 'd.approver_id')
      .innerJoin('users as delegate', 'delegate.id', 'd.delegate_id')
      .innerJoin('users as creator', 'creator.id', 'd.created_by')
      .select(['d.id', ...delegationTerms, 'd.created_by', 'd.created_at'])
      .select(['approver.display_name as approver_name', 'delegate.display_name as delegate_name', 'creator.display_name as creator_name'])
      .where('d.revoked_at', 'is', null);

  const notRevoked = (executor: Executor) => executor.selectFrom('delegations as d').select(delegationTerms).where('d.revoked_at', 'is', null);

  return {
    /** Stand-ins in force today for this person: whose seats they may use. */
    activeTo: (delegateId: number, today: string, executor: Executor = db): Promise<Delegation[]> =>
      notRevoked(executor).where('d.delegate_id', '=', delegateId).where('d.starts_on', '<=', today).where('d.ends_on', '>=', today).execute(),

    /**
     * Takes the approver's row lock for the rest of the transaction (PostgreSQL; SQLite runs
     * one transaction at a time), so that two delegations for one approver are checked for
     * overlapping days one after the other. The row is written unchanged.
     */
    async lockApprover(approverId: number, executor: Executor): Promise<void> {
      await executor
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', approverId)
        .execute();
    },

    /** An approver's delegations that have not ended before `today`. */
    currentOf: (approverId: number, today: string, executor: Executor = db): Promise<Delegation[]> =>
      notRevoked(executor).where('d.approver_id', '=', approverId).where('d.ends_on', '>=', today).execute(),

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

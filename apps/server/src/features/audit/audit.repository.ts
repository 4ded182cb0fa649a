/** The only place the audit log is written and read. There is no update and no delete. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { parseJson } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  actorId: number | null;
  /** What happened, as `area.verb`: 'user.create', 'chain.update', 'delegation.create', … */
  action: string;
  targetType: string;
  targetId: number | null;
  /** One line a person reads in the log. */
  summary: string;
  before?: unknown;
  after?: unknown;
  address: string | null;
  time: number;
}

export interface AuditFilter {
  action?: string | undefined;
  actorId?: number | undefined;
  targetType?: string | undefined;
  targetId?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  offset: number;
  limit: number;
}

const asJson = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export const createAuditRepository = (db: Kysely<Database>) => {
  const filtered = (filter: AuditFilter) => {
    let query = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id');
    if (filter.action) query = query.where('a.action', '=', filter.action);
    if (filter.actorId !== undefined) query = query.where('a.actor_id', '=', filter.actorId);
    if (filter.targetType) query = query.where('a.target_type', '=', filter.targetType);
    if (filter.targetId !== undefined) query = query.where('a.target_id', '=', filter.targetId);
    if (filter.from !== undefined) query = query.where('a.created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('a.created_at', '<=', filter.to);
    return query;
  };

  return {
    async insert(record: AuditRecord, executor: Executor): Promise<void> {
      await executor
        .insertInto('audit_log')
        .values({
          actor_id: record.actorId,
          action: record.action,
          target_type: record.targetType,
          target_id: record.targetId,
          summary: record.summary,
          before: asJson(record.before),
          after: asJson(record.after),
          address: record.address,
          created_at: record.time,
        })
        .execute();
    },

    /** Newest first. */
    async list(filter: AuditFilter) {
      const [rows, total] = await Promise.all([
        filtered(filter)
          .select([
            'a.id',
            'a.action',
            'a.target_type',
            'a.target_id',
            'a.summary',
            'a.before',
            'a.after',
            'a.address',
            'a.created_at',
            'a.actor_id',
            'u.display_name as actor_name',
          ])
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(total.count),
        rows: rows.map((row) => ({ ...row, before: parseJson<unknown>(row.before), after: parseJson<unknown>(row.after) })),
      };
    },
  };
};

export type AuditRepository = ReturnType<typeof createAuditRepository>;

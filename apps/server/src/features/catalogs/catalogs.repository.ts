/**
 * The only place the three catalogues an administrator keeps are written: departments, and
 * the ePR's companies and purchase request types. A retired value stays on the records
 * that have it and leaves the choices (docs/DECISIONS.md, "Administration").
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CatalogName } from '@ichat/shared';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { lookupKey } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

const TABLES = {
  departments: 'departments',
  companies: 'companies',
  'purchase-request-types': 'purchase_request_types',
} as const satisfies Record<CatalogName, keyof Database>;

/** The ePR payload key that names a company or purchase request type by id. */
const PAYLOAD_KEYS = { companies: 'company_id', 'purchase-request-types': 'purchase_request_id' } as const;

export interface CatalogRow {
  id: number;
  name: string;
  retired_at: number | null;
  used_by: number;
}

export const createCatalogsRepository = (db: Kysely<Database>, dialect: DialectName) => {
  /** How many people (departments) or ePRs (companies, types) name each value. */
  const usage = async (catalog: CatalogName): Promise<Map<number, number>> => {
    if (catalog === 'departments') {
      const rows = await db
        .selectFrom('users')
        .select(['department_id as id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('department_id', 'is not', null)
        .groupBy('department_id')
        .execute();
      return new Map(rows.map((row) => [Number(row.id), Number(row.count)]));
    }
    const key = PAYLOAD_KEYS[catalog];
    // The id sits in the request's JSON payload; each database reads JSON its own way.
    const idInPayload =
      dialect === 'postgres' ? sql<number>`(payload->>${sql.lit(key)})::bigint` : sql<number>`json_extract(payload, ${sql.lit(`$.${key}`)})`;
    const rows = await db
      .selectFrom('form_requests')
      .select([idInPayload.as('id'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('form_type', '=', 'epr')
      .groupBy(idInPayload)
      .execute();
    return new Map(rows.filter((row) => row.id !== null).map((row) => [Number(row.id), Number(row.count)]));
  };

  return {
    async list(catalog: CatalogName): Promise<CatalogRow[]> {
      const [rows, used] = await Promise.all([
        db.selectFrom(TABLES[catalog]).select(['id', 'name', 'retired_at']).orderBy('name').execute(),
        usage(catalog),
      ]);
      return rows.map((row) => ({ ...row, used_by: used.get(row.id) ?? 0 }));
    },

    async find(catalog: CatalogName, id: number, executor: Executor = db): Promise<CatalogRow | undefined> {
      const row = await executor.selectFrom(TABLES[catalog]).select(['id', 'name', 'retired_at']).where('id', '=', id).executeTakeFirst();
      return row && { ...row, used_by: (await usage(catalog)).get(row.id) ?? 0 };
    },

    /** Another value of the catalogue with this name, in any case. */
    findNamed(catalog: CatalogName, name: string, executor: Executor = db) {
      return executor
        .selectFrom(TABLES[catalog])
        .select(['id', 'name'])
        .where(sql<string>`lower(name)`, '=', lookupKey(name))
        .executeTakeFirst();
    },

    async insert(catalog: CatalogName, name: string, time: number, executor: Executor): Promise<number> {
      const values = catalog === 'departments' ? { name, name_key: lookupKey(name), created_at: time } : { name };
      const row = await executor
        .insertInto(TABLES[catalog])
        .values(values as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(catalog: CatalogName, id: number, changes: { name?: string; retired_at?: number | null }, executor: Executor): Promise<void> {
      const values = {
        ...changes,
        ...(catalog === 'departments' && changes.name !== undefined ? { name_key: lookupKey(changes.name) } : {}),
      };
      await executor
        .updateTable(TABLES[catalog])
        .set(values as never)
        .where('id', '=', id)
        .execute();
    },
  };
};

export type CatalogsRepository = ReturnType<typeof createCatalogsRepository>;

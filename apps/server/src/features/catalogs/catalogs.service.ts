/**
 * Departments, companies and purchase request types (docs/DECISIONS.md, "Administration"):
 * added, renamed, retired and brought back by an administrator, each change with its audit
 * entry. Names are unique in any case, so a select never offers two alike.
 */
import type { CatalogEntry, CatalogName } from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/auth-user.js';
import type { Database } from '../../db/tables.js';
import { isUniqueViolation, nowMs } from '../../db/values.js';
import { conflict, notFound } from '../../errors.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { CatalogRow, CatalogsRepository } from './catalogs.repository.js';

const NOUNS: Record<CatalogName, { one: string; target: string }> = {
  departments: { one: 'department', target: 'department' },
  companies: { one: 'company', target: 'company' },
  'purchase-request-types': { one: 'purchase request type', target: 'purchase_request_type' },
};

const toEntry = (row: CatalogRow): CatalogEntry => ({ id: row.id, name: row.name, retired: row.retired_at !== null, used_by: row.used_by });

export const createCatalogsService = ({ db, repo, audit }: { db: Kysely<Database>; repo: CatalogsRepository; audit: AuditTrail }) => {
  const refuseTakenName = async (catalog: CatalogName, name: string, exceptId: number | null) => {
    const other = await repo.findNamed(catalog, name);
    if (other && other.id !== exceptId) throw conflict(`There is already a ${NOUNS[catalog].one} named ${other.name}.`);
  };
  const requireEntry = async (catalog: CatalogName, id: number) => {
    const entry = await repo.find(catalog, id);
    if (!entry) throw notFound(`That ${NOUNS[catalog].one} does not exist.`);
    return entry;
  };
  /** A unique-key race with another administrator is the same 409 as a name already taken. */
  const storing = async <Result>(catalog: CatalogName, name: string | undefined, exceptId: number | null, change: () => Promise<Result>) => {
    if (name !== undefined) await refuseTakenName(catalog, name, exceptId);
    try {
      return await change();
    } catch (error) {
      if (!isUniqueViolation(error) || name === undefined) throw error;
      throw conflict(`There is already a ${NOUNS[catalog].one} named ${name}.`);
    }
  };

  return {
    async list(catalog: CatalogName): Promise<CatalogEntry[]> {
      return (await repo.list(catalog)).map(toEntry);
    },

    async create(actor: Actor, catalog: CatalogName, name: string) {
      const id = await storing(catalog, name, null, () =>
        db.transaction().execute(async (trx) => {
          const created = await repo.insert(catalog, name, nowMs(), trx);
          await audit.record(trx, actor, {
            action: `${NOUNS[catalog].target}.create`,
            targetType: NOUNS[catalog].target,
            targetId: created,
            summary: `Added the ${NOUNS[catalog].one} ${name}`,
            after: { name },
          });
          return created;
        }),
      );
      return { message: `Added ${name}.`, entry: toEntry(await requireEntry(catalog, id)) };
    },

    async update(actor: Actor, catalog: CatalogName, id: number, changes: { name?: string | undefined; retired?: boolean | undefined }) {
      const before = await requireEntry(catalog, id);
      const renamed = changes.name !== undefined && changes.name !== before.name;
      const retiring = changes.retired === true && before.retired_at === null;
      const restoring = changes.retired === false && before.retired_at !== null;
      if (renamed || retiring || restoring) {
        await storing(catalog, renamed ? changes.name : undefined, id, () =>
          db.transaction().execute(async (trx) => {
            await repo.update(
              catalog,
              id,
              { ...(renamed ? { name: changes.name } : {}), ...(retiring ? { retired_at: nowMs() } : restoring ? { retired_at: null } : {}) },
              trx,
            );
            const what = [renamed ? `renamed to ${changes.name}` : '', retiring ? 'retired' : '', restoring ? 'brought back' : '']
              .filter(Boolean)
              .join(' and ');
            await audit.record(trx, actor, {
              action: `${NOUNS[catalog].target}.${retiring ? 'retire' : restoring ? 'restore' : 'rename'}`,
              targetType: NOUNS[catalog].target,
              targetId: id,
              summary: `The ${NOUNS[catalog].one} ${before.name} ${what}`,
              before: { name: before.name, retired: before.retired_at !== null },
              after: { name: renamed ? changes.name : before.name, retired: retiring || (before.retired_at !== null && !restoring) },
            });
          }),
        );
      }
      return { message: 'Saved.', entry: toEntry(await requireEntry(catalog, id)) };
    },
  };
};

export type CatalogsService = ReturnType<typeof createCatalogsService>;

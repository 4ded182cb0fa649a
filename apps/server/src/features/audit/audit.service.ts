/**
 * The audit log (docs/DECISIONS.md, "Administration"): every administrative change and
 * every delegation, with who, what, the values before and after, when and from which
 * address. A change records itself inside its own transaction, so there is no change
 * without its entry and no entry without its change. Admins read it; nobody edits it.
 */
import { manilaDayStart, type AuditEntry } from '@ichat/shared';

const DAY_MS = 86_400_000;
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { nowMs, toIso } from '../../db/values.js';
import type { Actor } from '../../auth/auth-user.js';
import type { AuditRecord, AuditRepository } from './audit.repository.js';

export type { Actor };

export type AuditTrail = ReturnType<typeof createAuditTrail>;

export const createAuditTrail = (repo: AuditRepository) => ({
  record(trx: Transaction<Database>, actor: Actor | null, entry: Omit<AuditRecord, 'actorId' | 'address' | 'time'>) {
    return repo.insert({ ...entry, actorId: actor?.id ?? null, address: actor?.address ?? null, time: nowMs() }, trx);
  },

  async list(query: {
    action?: string | undefined;
    actor_id?: number | undefined;
    target_type?: string | undefined;
    target_id?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    limit: number;
  }): Promise<{ entries: AuditEntry[]; total: number }> {
    const { rows, total } = await repo.list({
      action: query.action,
      actorId: query.actor_id,
      targetType: query.target_type,
      targetId: query.target_id,
      from: query.from ? manilaDayStart(query.from) : undefined,
      to: query.to ? manilaDayStart(query.to) + DAY_MS - 1 : undefined,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      total,
      entries: rows.map((row) => ({
        id: row.id,
        actor: row.actor_id === null ? null : { id: row.actor_id, display_name: row.actor_name ?? 'Unknown user' },
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        summary: row.summary,
        before: row.before ?? null,
        after: row.after ?? null,
        address: row.address,
        createdAt: toIso(row.created_at),
      })),
    };
  },
});

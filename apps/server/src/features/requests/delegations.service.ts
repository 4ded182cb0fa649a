/**
 * Stand-ins (docs/DECISIONS.md, "Administration"; the rules in the shared requests policy):
 * an approver, or an administrator for them, names someone who may see and decide the
 * approver's pending requests for a range of days. Naming and ending one are audited.
 */
import { canDelegate, DELEGATION_REFUSALS, manilaToday, type DelegationEntry } from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { Actor, AuthUser } from '../../auth/auth-user.js';
import type { Database } from '../../db/tables.js';
import { nowMs, toBool, toIso } from '../../db/values.js';
import { enforce, forbidden, notFound } from '../../errors.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { DelegationsRepository } from './delegations.repository.js';

type DelegationRow = NonNullable<Awaited<ReturnType<DelegationsRepository['findById']>>>;

export const createDelegationsService = ({
  db,
  delegations,
  audit,
}: {
  db: Kysely<Database>;
  delegations: DelegationsRepository;
  audit: AuditTrail;
}) => {
  const toEntry = (row: DelegationRow, today: string): DelegationEntry => ({
    id: row.id,
    approver: { id: row.approver_id, display_name: row.approver_name },
    delegate: { id: row.delegate_id, display_name: row.delegate_name },
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    created_by: { id: row.created_by, display_name: row.creator_name },
    createdAt: toIso(row.created_at),
    is_active: row.starts_on <= today && today <= row.ends_on,
  });

  return {
    /** Current and coming delegations given or received by the caller, or (administrators) every one. */
    async list(caller: AuthUser, scope: 'mine' | 'all') {
      if (scope === 'all' && !caller.isAdmin) throw forbidden('Only an administrator can see every delegation.');
      const today = manilaToday();
      const rows = await delegations.list({ userId: scope === 'all' ? undefined : caller.id, today });
      return rows.map((row) => toEntry(row, today));
    },

    async create(caller: AuthUser, actor: Actor, body: { approver_id?: number | undefined; delegate_id: number; starts_on: string; ends_on: string }) {
      const approverId = body.approver_id ?? caller.id;
      const wanted = { approver_id: approverId, delegate_id: body.delegate_id, starts_on: body.starts_on, ends_on: body.ends_on };
      const today = manilaToday();
      const [approver, delegate] = await Promise.all([delegations.findUser(approverId), delegations.findUser(body.delegate_id)]);
      if (!approver) throw notFound('That approver does not exist.');
      if (!delegate) throw notFound(DELEGATION_REFUSALS.inactive);
      const id = await db.transaction().execute(async (trx) => {
        // Read inside the transaction so two overlapping delegations cannot both pass.
        const existing = await delegations.currentOf(approverId, today, trx);
        enforce(canDelegate({ id: caller.id, isAdmin: caller.isAdmin }, wanted, { delegateIsActive: toBool(delegate.is_active), today, existing }));
        const created = await delegations.insert({ ...wanted, createdBy: caller.id, time: nowMs() }, trx);
        await audit.record(trx, actor, {
          action: 'delegation.create',
          targetType: 'delegation',
          targetId: created,
          summary: `${delegate.display_name} stands in for ${approver.display_name} from ${body.starts_on} to ${body.ends_on}`,
          after: wanted,
        });
        return created;
      });
      const row = await delegations.findById(id);
      return { message: `${delegate.display_name} will stand in for ${approver.display_name}.`, delegation: toEntry(row!, today) };
    },

    /** The approver, whoever named the stand-in, or an administrator ends it now. */
    async revoke(caller: AuthUser, actor: Actor, id: number) {
      const row = await delegations.findById(id);
      const mayEnd = row && (caller.isAdmin || row.approver_id === caller.id || row.created_by === caller.id || row.delegate_id === caller.id);
      if (!row || !mayEnd) throw notFound('That delegation does not exist.');
      await db.transaction().execute(async (trx) => {
        if (!(await delegations.revoke(id, nowMs(), trx))) throw notFound('That delegation does not exist.');
        await audit.record(trx, actor, {
          action: 'delegation.revoke',
          targetType: 'delegation',
          targetId: id,
          summary: `Ended ${row.delegate_name} standing in for ${row.approver_name}`,
          before: { approver_id: row.approver_id, delegate_id: row.delegate_id, starts_on: row.starts_on, ends_on: row.ends_on },
        });
      });
      return { message: 'The delegation has ended.' };
    },
  };
};

export type DelegationsService = ReturnType<typeof createDelegationsService>;

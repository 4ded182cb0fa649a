/**
 * Two-level approval (001 §4; docs/DESIGN.md, "Approvals that cannot double-count"). A vote is a conditional update of the approver's
 * pending row inside a transaction, so a second or concurrent vote changes nothing and is
 * refused with 409. Level 2 is asked only once level 1 has its approvals; one denial ends
 * the request. Every vote is also appended to request_votes.
 */
import { isRefusal, manilaToday, REQUEST_REFUSALS, votingSeat } from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { nowMs } from '../../db/values.js';
import { conflict, enforce, notFound } from '../../errors.js';
import type { AuthUser } from '../../auth/auth-user.js';
import type { NotificationPush } from '../notifications/notification-push.js';
import type { NewNotification, NotificationsRepository } from '../notifications/notifications.repository.js';
import type { DelegationsRepository } from './delegations.repository.js';
import type { RequestsRepository } from './requests.repository.js';

/** A concurrent vote changed the request first; the transaction is rolled back. */
class VoteOvertaken extends Error {}

export interface VoteInput {
  form_id: number;
  request_id: number;
  status: 'approved' | 'denied';
  comment?: string | undefined;
  on_behalf_of?: number | undefined;
}

export const createApprovalsService = ({
  db,
  requests,
  delegations,
  notifications,
  push,
}: {
  db: Kysely<Database>;
  requests: RequestsRepository;
  delegations: DelegationsRepository;
  notifications: NotificationsRepository;
  push: NotificationPush;
}) => ({
  async vote(caller: AuthUser, input: VoteInput) {
    const request = await requests.findRequest(input.request_id);
    if (!request || request.form_id !== input.form_id) throw notFound(REQUEST_REFUSALS.notFound);
    const today = manilaToday();
    const standIns = { delegations: await delegations.activeTo(caller.id, today), today };
    const onBehalfOf = input.on_behalf_of ?? null;
    /** Where the caller's vote goes, by the shared rule, for the request's seats as read. */
    const seatFor = async (executor?: Parameters<RequestsRepository['approversOf']>[1]) =>
      votingSeat(caller.id, request, await requests.approversOf(request.id, executor), standIns, onBehalfOf);
    const chosen = await seatFor();
    if (isRefusal(chosen)) enforce(chosen);

    const approved = input.status === 'approved';
    const level = request.current_level;
    const time = nowMs();
    const comment = input.comment?.trim() ? input.comment.trim() : null;
    // What the transaction stored for the bell, pushed live once it has committed.
    const stored: NewNotification[] = [];
    const outcome = await db.transaction().execute(async (trx) => {
      const notify = async (list: NewNotification[]) => {
        await notifications.insertMany(list, time, trx);
        stored.push(...list);
      };
      if (!(await requests.lockPendingLevel(request.id, level, time, trx))) throw new VoteOvertaken();
      // Read again under the lock: a vote by the approver or another of their stand-ins may
      // have filled the seat, and nobody votes twice on one level (docs/DESIGN.md).
      const seat = await seatFor(trx);
      if (isRefusal(seat)) throw new VoteOvertaken();
      const counted = await requests.castVote(
        { requestId: request.id, approverId: seat.seat.approver_id, castBy: seat.onBehalfOf === null ? null : caller.id, level, approved, comment, time },
        trx,
      );
      if (!counted) throw new VoteOvertaken();
      const toRequester = (type: NewNotification['type']): NewNotification => ({
        recipientId: request.requester_id,
        senderId: caller.id,
        type,
        formRequestId: request.id,
      });

      if (!approved) {
        if (!(await requests.advance(request.id, { level }, { status: 'denied', level }, time, trx))) throw new VoteOvertaken();
        await notify([toRequester('denied form request')]);
        return 'denied' as const;
      }
      const approvals = await requests.countApprovals(request.id, level, trx);
      const needed = level === 1 ? request.initial_approval_needed_count : request.executive_approval_needed_count;
      if (approvals < needed) {
        await notify([toRequester('approve form request')]);
        return 'pending' as const;
      }
      if (level === 1 && request.executive_approval_needed_count > 0) {
        // Level 1 is met: only now are the second-level approvers asked.
        // Another vote moved the level on first: this one came too late, and is undone.
        if (!(await requests.advance(request.id, { level: 1 }, { status: 'pending', level: 2 }, time, trx))) throw new VoteOvertaken();
        const executives = await requests.levelApprovers(request.id, 2, trx);
        await notify([
          toRequester('approve form request'),
          ...executives.map((recipientId): NewNotification => ({
            recipientId,
            senderId: request.requester_id,
            type: 'new form request',
            formRequestId: request.id,
          })),
        ]);
        return 'pending' as const;
      }
      if (!(await requests.advance(request.id, { level }, { status: 'approved', level }, time, trx))) throw new VoteOvertaken();
      await notify([toRequester('approved form request')]);
      return 'approved' as const;
    }).catch(async (error: unknown) => {
      if (!(error instanceof VoteOvertaken)) throw error;
      // Say what the other vote did, read fresh.
      const now = await requests.findRequest(request.id);
      const seat = now && votingSeat(caller.id, now, await requests.approversOf(request.id), standIns, onBehalfOf);
      throw conflict(seat && isRefusal(seat) ? seat.message : REQUEST_REFUSALS.alreadyVoted);
    });
    push.sent(stored);
    return {
      message: approved ? 'Request approved.' : 'Request denied.',
      status: outcome,
      overall_approval_status: outcome === 'approved',
    };
  },
});

export type ApprovalsService = ReturnType<typeof createApprovalsService>;

/**
 * Two-level approval (001 §4, issue 6 §4). A vote is a conditional update of the approver's
 * pending row inside a transaction, so a second or concurrent vote changes nothing and is
 * refused with 409. Level 2 is asked only once level 1 has its approvals; one denial ends
 * the request. Every vote is also appended to request_votes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { nowMs } from '../../db/values.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../accounts/accounts.service.js';
import type { NotificationPush } from '../notifications/notification-push.js';
import type { NewNotification, NotificationsRepository } from '../notifications/notifications.repository.js';
import type { RequestsRepository } from './requests.repository.js';
import { REQUEST_NOT_FOUND } from './requests.service.js';

export const ALREADY_VOTED = 'You have already voted on this request.';

export interface VoteInput {
  form_id: number;
  request_id: number;
  status: 'approved' | 'denied';
  comment?: string | undefined;
}

export const createApprovalsService = ({
  db,
  requests,
  notifications,
  push,
}: {
  db: Kysely<Database>;
  requests: RequestsRepository;
  notifications: NotificationsRepository;
  push: NotificationPush;
}) => ({
  async vote(caller: AuthUser, input: VoteInput) {
    const request = await requests.findRequest(input.request_id);
    if (!request || request.form_id !== input.form_id) throw notFound(REQUEST_NOT_FOUND);
    if (request.requester_id === caller.id) throw forbidden('You cannot approve or deny your own request.');
    const mine = (await requests.approversOf(request.id)).filter((approver) => approver.approver_id === caller.id);
    if (mine.length === 0) throw notFound(REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw conflict(`This request has already been ${request.status}.`);
    const due = mine.find((approver) => approver.level === request.current_level);
    if (!due) {
      throw conflict(mine.some((a) => a.has_voted) ? ALREADY_VOTED : 'This request is not waiting for your approval yet.');
    }
    if (due.has_voted) throw conflict(ALREADY_VOTED);

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
      const counted = await requests.castVote({ requestId: request.id, approverId: caller.id, level, approved, comment, time }, trx);
      if (!counted) throw conflict(ALREADY_VOTED);
      const toRequester = (type: NewNotification['type']): NewNotification => ({
        recipientId: request.requester_id,
        senderId: caller.id,
        type,
        formRequestId: request.id,
      });

      if (!approved) {
        await requests.advance(request.id, { level }, { status: 'denied', level }, time, trx);
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
        const moved = await requests.advance(request.id, { level: 1 }, { status: 'pending', level: 2 }, time, trx);
        const executives = moved ? await requests.levelApprovers(request.id, 2, trx) : [];
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
      const decided = await requests.advance(request.id, { level }, { status: 'approved', level }, time, trx);
      if (decided) await notify([toRequester('approved form request')]);
      return decided ? ('approved' as const) : ('pending' as const);
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

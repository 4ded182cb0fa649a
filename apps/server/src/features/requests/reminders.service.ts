/**
 * Waiting approvals (docs/DECISIONS.md, "Administration"): an approver's pending item older
 * than the reminder setting (days since the request reached their level) brings one reminder
 * on their bell per Manila day, and administrators see every overdue request. request_reminders
 * has one row per request, approver and day, so two server processes running the same hourly
 * round send each reminder once.
 */
import { manilaToday } from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { repeatRound } from '../../background-round.js';
import { nowMs } from '../../db/values.js';
import type { NotificationPush } from '../notifications/notification-push.js';
import type { NewNotification, NotificationsRepository } from '../notifications/notifications.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { RequestsRepository } from './requests.repository.js';
import { toListItem } from './requests.service.js';

const DAY_MS = 86_400_000;

export const createRemindersService = ({
  db,
  requests,
  notifications,
  push,
  settings,
}: {
  db: Kysely<Database>;
  requests: RequestsRepository;
  notifications: NotificationsRepository;
  push: NotificationPush;
  settings: SettingsService;
}) => {
  const overdueRows = async (now: number) => {
    const { reminder_days: days } = await settings.read();
    return requests.listOverdue(now - days * DAY_MS);
  };

  /** One round: today's reminders not yet sent. Returns how many were sent. */
  const remind = async (now = nowMs()): Promise<number> => {
      const rows = await overdueRows(now);
      const day = manilaToday(now);
      const sent: NewNotification[] = [];
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          if (!(await requests.markReminded(row.id, row.approver_id, day, trx))) continue;
          sent.push({ recipientId: row.approver_id, senderId: row.requester_id, type: 'new form request', formRequestId: row.id, isReminder: true });
        }
        await notifications.insertMany(sent, now, trx);
      });
      push.sent(sent);
      return sent.length;
  };

  return {
    remind,

    /** Every overdue request once, oldest wait first, with who it waits on. */
    async overdue(now = nowMs()) {
      const rows = await overdueRows(now);
      const byRequest = new Map<number, (typeof rows)[number][]>();
      for (const row of rows) byRequest.set(row.id, [...(byRequest.get(row.id) ?? []), row]);
      return [...byRequest.values()].map((waiting) => {
        const row = waiting[0]!;
        return {
          ...toListItem(row),
          waiting_on: waiting.map((seat) => ({ id: seat.approver_id, display_name: seat.approver_name })),
          waiting_days: Math.floor((now - row.level_started_at) / DAY_MS),
        };
      });
    },

    /** Runs a round now and then every `intervalMs` until stopped (background-round.ts). */
    start: (intervalMs: number, onError: (error: unknown) => void) => repeatRound(() => remind(), intervalMs, onError),
  };
};

export type RemindersService = ReturnType<typeof createRemindersService>;

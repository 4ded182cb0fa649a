/** The only place notifications are queried. */
import type { NotificationType } from '@ichat/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { toBool } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewNotification {
  recipientId: number;
  senderId: number | null;
  type: NotificationType;
  conversationId?: number | null;
  messageId?: number | null;
  threadParentId?: number | null;
  formRequestId?: number | null;
  /** A daily reminder of a request still waiting (the bell shows it as one). */
  isReminder?: boolean;
}

export const NOTIFICATION_LIST_LIMIT = 100;

export const createNotificationsRepository = (db: Kysely<Database>) => ({
  async insertMany(notifications: NewNotification[], time: number, executor: Executor) {
    if (notifications.length === 0) return;
    await executor
      .insertInto('notifications')
      .values(
        notifications.map((n) => ({
          recipient_id: n.recipientId,
          sender_id: n.senderId,
          notification_type: n.type,
          conversation_id: n.conversationId ?? null,
          message_id: n.messageId ?? null,
          thread_parent_id: n.threadParentId ?? null,
          form_request_id: n.formRequestId ?? null,
          is_read: false,
          is_reminder: n.isReminder ?? false,
          created_at: time,
        })),
      )
      .execute();
  },

  /** The newest notifications of one person, with what each one points at. */
  async listFor(recipientId: number) {
    const rows = await db
      .selectFrom('notifications as n')
      .leftJoin('users as sender', 'sender.id', 'n.sender_id')
      .leftJoin('conversations as c', 'c.id', 'n.conversation_id')
      .leftJoin('messages as m', 'm.id', 'n.message_id')
      .leftJoin('form_requests as r', 'r.id', 'n.form_request_id')
      .select([
        'n.id',
        'n.is_read',
        'n.is_reminder',
        'n.notification_type',
        'n.conversation_id',
        'n.message_id',
        'n.thread_parent_id',
        'n.form_request_id',
        'n.created_at',
        'sender.display_name as sender_display_name',
        'sender.profile_photo as sender_profile_photo',
        'c.name as conversation_name',
        'c.image as conversation_image',
        'c.is_group as conversation_is_group',
        'm.content as message_content',
        'm.is_deleted as message_is_deleted',
        'r.reference_id',
        'r.form_type',
      ])
      .where('n.recipient_id', '=', recipientId)
      .orderBy('n.id', 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
    return rows.map((row) => ({
      ...row,
      is_read: toBool(row.is_read),
      is_reminder: toBool(row.is_reminder),
      conversation_is_group: row.conversation_is_group === null ? null : toBool(row.conversation_is_group),
      message_is_deleted: row.message_is_deleted === null ? null : toBool(row.message_is_deleted),
    }));
  },

  async counts(recipientId: number) {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('is_read', '=', false).then(1).else(0).end()).as('unread'),
      ])
      .where('recipient_id', '=', recipientId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.total), unread: Number(row.unread ?? 0) };
  },

  /** Changes only the caller's own notification; false when there is none with that id. */
  async markRead(id: number, recipientId: number): Promise<boolean> {
    const result = await db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('id', '=', id)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Whether this sender's reaction notification on this message still waits unread, so
   * toggling a reaction off and on again does not ring the bell twice.
   */
  async hasUnreadReaction(recipientId: number, senderId: number, messageId: number, executor: Executor = db): Promise<boolean> {
    const row = await executor
      .selectFrom('notifications')
      .select('id')
      .where('recipient_id', '=', recipientId)
      .where('sender_id', '=', senderId)
      .where('message_id', '=', messageId)
      .where('notification_type', '=', 'reaction')
      .where('is_read', '=', false)
      .executeTakeFirst();
    return row !== undefined;
  },

  async remove(id: number, recipientId: number): Promise<boolean> {
    const result = await db.deleteFrom('notifications').where('id', '=', id).where('recipient_id', '=', recipientId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },
});

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/**
 * The bell (000 §2 Notification menu, §3 Notification): one person's notifications, marked
 * read or deleted only by that person.
 */
import { NOTIFICATION_TYPES, type Notification } from '@ichat/shared';
import { toIso } from '../../db/values.js';
import { notFound } from '../../errors.js';
import type { NotificationsRepository } from './notifications.repository.js';

const KNOWN_TYPES = new Set<string>(NOTIFICATION_TYPES);

export const createNotificationsService = ({ notifications }: { notifications: NotificationsRepository }) => ({
  async list(userId: number) {
    const [rows, counts] = await Promise.all([notifications.listFor(userId), notifications.counts(userId)]);
    const items: Notification[] = rows
      // A type this build does not know is skipped rather than failing the whole bell.
      .filter((row) => KNOWN_TYPES.has(row.notification_type))
      .map((row) => ({
        id: row.id,
        is_read: row.is_read,
        notification_type: row.notification_type as Notification['notification_type'],
        conversation_id: row.conversation_id,
        message_id: row.message_id,
        reply_to_thread_message_id: row.thread_parent_id,
        request_notification_form_request_id: row.form_request_id,
        request_type: row.form_type,
        is_reminder: row.is_reminder,
        createdAt: toIso(row.created_at),
        message_details:
          row.reference_id !== null
            ? { content: row.reference_id }
            : row.message_content !== null
              ? { content: row.message_is_deleted ? '' : row.message_content }
              : null,
        notification_sender_details: row.sender_display_name === null ? null : { display_name: row.sender_display_name },
        // A personal conversation has no name of its own: it is the other person, the sender.
        conversation_details:
          row.conversation_id === null
            ? null
            : row.conversation_is_group === false
              ? { name: row.sender_display_name ?? '', image: row.sender_profile_photo ?? '' }
              : { name: row.conversation_name ?? '', image: row.conversation_image ?? '' },
      }));
    return { count: counts.count, unread_count: counts.unread, notifications: items };
  },

  async act(userId: number, notificationId: number, action: 'read' | 'delete') {
    const changed =
      action === 'read' ? await notifications.markRead(notificationId, userId) : await notifications.remove(notificationId, userId);
    if (!changed) throw notFound('That notification does not exist.');
    return { message: action === 'read' ? 'Notification marked as read.' : 'Notification deleted.' };
  },
});

export type NotificationsService = ReturnType<typeof createNotificationsService>;

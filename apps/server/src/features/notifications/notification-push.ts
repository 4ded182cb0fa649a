/**
 * Tells each recipient's open tabs that a notification was stored, after the transaction
 * that stored it has committed; the bell refreshes at once instead of at its 120 s poll.
 */
import type { NotificationType } from '@ichat/shared';
import type { LiveChannel } from '../../realtime/socket-server.js';
import type { NewNotification } from './notifications.repository.js';

export const createNotificationPush = (channel: LiveChannel) => ({
  sent(notifications: readonly NewNotification[]) {
    const byType = new Map<NotificationType, Set<number>>();
    for (const notification of notifications) {
      const recipients = byType.get(notification.type) ?? new Set<number>();
      recipients.add(notification.recipientId);
      byType.set(notification.type, recipients);
    }
    for (const [notificationType, recipients] of byType) {
      channel.emitToUsers([...recipients], 'notification', { notification_type: notificationType });
    }
  },
});

export type NotificationPush = ReturnType<typeof createNotificationPush>;

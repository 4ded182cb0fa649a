/**
 * Tells each recipient's open tabs that a notification was stored, after the transaction
 * that stored it has committed; the bell refreshes at once instead of at its 120 s poll. The
 * approval events among them also go to the recipients' browsers as Web Push (features/push),
 * which decides who gets one.
 */
import type { NotificationType } from '@ichat/shared';
import type { LiveChannel } from '../../realtime/socket-server.js';
import type { PushService } from '../push/push.service.js';
import type { NewNotification } from './notifications.repository.js';

export const createNotificationPush = (channel: LiveChannel, pushes: Pick<PushService, 'notificationsStored'>) => ({
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
    pushes.notificationsStored(notifications);
  },
});

export type NotificationPush = ReturnType<typeof createNotificationPush>;

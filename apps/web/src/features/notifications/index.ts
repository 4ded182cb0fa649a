/** The bell (000 §2 Notification menu). */
export { NotificationBell } from './notification-bell';

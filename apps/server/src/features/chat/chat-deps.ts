/** What the chat services are built from (app.ts wires one set for all of them). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { ChatCounters } from '../../metrics/metrics.js';
import type { FileStore } from '../../storage/file-store.js';
import type { NotificationPush } from '../notifications/notification-push.js';
import type { NotificationsRepository } from '../notifications/notifications.repository.js';
import type { PushService } from '../push/push.service.js';
import type { ChatLive } from './chat-live.js';
import type { ChatViews } from './chat-views.js';
import type { ConversationsRepository } from './conversations.repository.js';
import type { MessagesRepository } from './messages.repository.js';
import type { Rosters } from './rosters.js';

export interface ChatServiceDeps {
  db: Kysely<Database>;
  conversations: ConversationsRepository;
  /** Members and their permissions, in memory; told of every membership change. */
  rosters: Rosters;
  messages: MessagesRepository;
  views: ChatViews;
  files: FileStore;
  live: ChatLive;
  notifications: NotificationsRepository;
  push: NotificationPush;
  /** Web Push to the browsers of the people a message concerns, after it is stored. */
  pushes: Pick<PushService, 'messagePosted'>;
  /** The administrators' window for editing a message after sending it, in minutes; null: no limit. */
  editWindowMinutes: () => Promise<number | null>;
  /** Messages stored, for the metrics. */
  counters: ChatCounters;
}

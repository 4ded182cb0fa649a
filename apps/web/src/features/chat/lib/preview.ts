/** The short texts derived from messages: sidebar previews, reply previews, seen-by. */
import {
  formatRelativeTime,
  PINNED_BANNER_PREVIEW_LENGTH,
  REPLY_PREVIEW_LENGTH,
  SIDEBAR_PREVIEW_LENGTH,
  TEXT,
  truncate,
  type ConversationSummary,
} from '@ichat/shared';

export const ATTACHMENT_ONLY_TEXT = 'Sent an attachment';

/** Mentions are stored as @@name@@; previews show them as @name. */
export const plainText = (content: string): string => content.replace(/@@([^@\n]+?)@@/g, '@$1');

/** What a message says in one line: its text, DELETED CHAT, or that it carries files only. */
export const messageGist = (message: { content: string; is_deleted: boolean }): string => {
  if (message.is_deleted) return TEXT.deletedChat;
  const text = plainText(message.content).replace(/\s+/g, ' ').trim();
  return text || ATTACHMENT_ONLY_TEXT;
};

/**
 * Sidebar preview 'FirstName: text • relative time' (000 §2). The 'FirstName: text' part is
 * truncated to 25 characters (000 §9) so the time always stays visible.
 */
export const sidebarPreview = (
  lastMessage: ConversationSummary['last_message'],
  now: Date = new Date(),
): string => {
  if (!lastMessage) return '';
  const head = truncate(`${lastMessage.sender.first_name}: ${messageGist(lastMessage)}`, SIDEBAR_PREVIEW_LENGTH);
  return `${head} • ${formatRelativeTime(lastMessage.updatedAt, now)}`;
};

export const replyPreview = (message: { content: string; is_deleted: boolean }): string =>
  message.is_deleted ? TEXT.deletedChat : truncate(messageGist(message), REPLY_PREVIEW_LENGTH);

export const pinnedPreview = (message: { content: string; is_deleted: boolean }): string =>
  truncate(messageGist(message), PINNED_BANNER_PREVIEW_LENGTH);

/** 'Seen by' names: one per person, the viewer as 'You' (000 §4). */
export const seenByNames = (
  reads: readonly { user_id: number; user: { display_name: string } }[],
  viewerId: number | undefined,
): string[] => {
  const seen = new Set<number>();
  const names: string[] = [];
  for (const read of reads) {
    if (seen.has(read.user_id)) continue;
    seen.add(read.user_id);
    names.push(read.user_id === viewerId ? 'You' : read.user.display_name);
  }
  return names;
};

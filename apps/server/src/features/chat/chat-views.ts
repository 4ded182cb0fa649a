/**
 * Rows to the document's shapes (000 §3): messages with their sender, attachments, reply
 * target, thread replies, reactions and seen-by; activity entries; the membership check
 * every conversation-scoped call starts with.
 */
import {
  canSeeConversation,
  type ChatUser,
  type ConversationAction,
  type Membership,
  type Message,
  type MessageReaction,
  type ReactionType,
  type Verdict,
} from '@ichat/shared';
import { toIso, toIsoOrNull } from '../../db/values.js';
import { enforce } from '../../errors.js';
import type { ChatUserRow, ConversationsRepository, Executor } from './conversations.repository.js';
import type { AttachmentRow, MessageRow, MessagesRepository } from './messages.repository.js';
import type { RosterMember, Rosters } from './rosters.js';

const UNKNOWN_USER: ChatUserRow = {
  id: 0,
  display_name: 'Unknown user',
  first_name: 'Unknown',
  email_address: '',
  profile_photo: null,
};

export const toChatUser = (row: ChatUserRow): ChatUser => ({
  id: row.id,
  display_name: row.display_name,
  first_name: row.first_name,
  email_address: row.email_address,
  profile_photo: row.profile_photo,
});

export const toAttachment = (row: AttachmentRow) => ({
  id: row.id,
  attachment: row.stored_name,
  original_name: row.original_name,
  file_type: row.file_type,
  size: row.size_bytes,
  createdAt: toIso(row.created_at),
});

type ReactionRow = Awaited<ReturnType<MessagesRepository['reactionsFor']>>[number];

export const toMessageReaction = (row: ReactionRow): MessageReaction => ({
  id: row.id,
  message_id: row.message_id,
  user_id: row.user_id,
  type: row.type as ReactionType,
  user: { id: row.user_id, display_name: row.display_name },
});

type ActionRow = Awaited<ReturnType<ConversationsRepository['listActions']>>[number];

export const toConversationAction = (row: ActionRow): ConversationAction => ({
  id: row.id,
  action: row.action as ConversationAction['action'],
  detail: row.detail,
  createdAt: toIso(row.created_at),
  user: {
    id: row.actor_id,
    display_name: row.actor_display_name,
    first_name: row.actor_first_name,
    email_address: row.actor_email_address,
    profile_photo: row.actor_profile_photo,
  },
  receiving_user_action:
    row.receiver_id === null
      ? null
      : {
          id: row.receiver_id,
          display_name: row.receiver_display_name ?? '',
          first_name: row.receiver_first_name ?? '',
          email_address: row.receiver_email_address ?? '',
          profile_photo: row.receiver_profile_photo ?? null,
        },
});

/** A message `send` has just stored: everything about it is known, so nothing is read back. */
export interface StoredMessage {
  id: number;
  conversationId: number;
  sender: ChatUser;
  content: string;
  time: number;
  threadParentId: number | null;
  clientMessageId: string | null;
  replyTarget: { row: MessageRow; user: ChatUser } | null;
}

export const createChatViews = ({
  conversations,
  messages,
  rosters,
}: {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  rosters: Rosters;
}) => {
  /**
   * The caller's membership once the chat policy allows the action (by default: seeing the
   * conversation, the same 404 whether it exists or not); the policy's refusal otherwise.
   */
  const requireMember = async (
    conversationId: number,
    userId: number,
    rule: (member: Membership | undefined) => Verdict = canSeeConversation,
  ): Promise<RosterMember> => {
    const membership = await rosters.membership(conversationId, userId);
    enforce(rule(membership));
    // Every rule refuses a non-member, so the member is there.
    return membership as RosterMember;
  };

  const actionById = async (conversationId: number, actionId: number, executor?: Executor) => {
    const [row] = await conversations.listActions(conversationId, { actionId, limit: 1 }, executor);
    if (!row) throw new Error(`Activity entry ${actionId} vanished`);
    return toConversationAction(row);
  };

  /**
   * Messages of one conversation in the document's shape. Seen-by comes from the members'
   * read cursors: a member has seen every message at or below their cursor.
   */
  const presentMessages = async (rows: MessageRow[], conversationId: number): Promise<Message[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const replyTargetIds = [...new Set(rows.flatMap((row) => (row.reply_to_message_id ? [row.reply_to_message_id] : [])))];
    const [replyTargets, attachments, reactions, threadReplies, members, pinnedId] = await Promise.all([
      messages.findByIds(replyTargetIds),
      messages.attachmentsFor(ids),
      messages.reactionsFor(ids),
      messages.threadRepliesFor(ids),
      conversations.listMembers(conversationId),
      messages.findPinnedMessageId(conversationId),
    ]);
    const userIds = new Set<number>([...rows.map((row) => row.sender_id), ...replyTargets.map((row) => row.sender_id)]);
    const users = await messages.usersByIds([...userIds]);
    const userFor = (id: number) => toChatUser(users.get(id) ?? UNKNOWN_USER);
    const replyById = new Map(replyTargets.map((row) => [row.id, row]));

    return rows.map((row) => {
      const replyTarget = row.reply_to_message_id ? replyById.get(row.reply_to_message_id) : undefined;
      return {
        id: row.id,
        conversation_id: row.conversation_id,
        sender_id: row.sender_id,
        content: row.is_deleted ? '' : row.content,
        createdAt: toIso(row.created_at),
        updatedAt: toIso(row.updated_at),
        is_deleted: row.is_deleted,
        is_pinned: pinnedId === row.id,
        reply_to_thread_message_id: row.thread_parent_id,
        client_message_id: row.client_message_id,
        user: userFor(row.sender_id),
        message_attachment: row.is_deleted
          ? []
          : attachments.filter((file) => file.message_id === row.id).map(toAttachment),
        reply_to_message_detail:
          replyTarget && replyTarget.conversation_id === row.conversation_id
            ? {
                id: replyTarget.id,
                user: userFor(replyTarget.sender_id),
                content: replyTarget.is_deleted ? '' : replyTarget.content,
                is_deleted: replyTarget.is_deleted,
              }
            : null,
        thread_replies: threadReplies
          .filter((reply) => reply.thread_parent_id === row.id)
          .map((reply) => ({ id: reply.id, reply_to_thread_message_id: row.id })),
        message_reactions: reactions.filter((reaction) => reaction.message_id === row.id).map(toMessageReaction),
        message_reads: members
          .filter((member) => member.id !== row.sender_id && member.last_read_message_id >= row.id)
          .map((member) => ({ id: member.member_id, user_id: member.id, user: { id: member.id, display_name: member.display_name } })),
        // A deleted message has no text, so nothing edited to show.
        is_edited: row.edited_at !== null && !row.is_deleted,
        edited_at: row.is_deleted ? null : toIsoOrNull(row.edited_at),
      };
    });
  };

  /**
   * The message as presentMessage would tell it right after the send: not pinned, no
   * reactions, replies or readers yet (the sender's own read is never listed).
   */
  const presentNewMessage = (stored: StoredMessage): Message => ({
    id: stored.id,
    conversation_id: stored.conversationId,
    sender_id: stored.sender.id,
    content: stored.content,
    createdAt: toIso(stored.time),
    updatedAt: toIso(stored.time),
    is_deleted: false,
    is_pinned: false,
    reply_to_thread_message_id: stored.threadParentId,
    client_message_id: stored.clientMessageId,
    user: stored.sender,
    message_attachment: [],
    reply_to_message_detail: stored.replyTarget
      ? {
          id: stored.replyTarget.row.id,
          user: stored.replyTarget.user,
          content: stored.replyTarget.row.is_deleted ? '' : stored.replyTarget.row.content,
          is_deleted: stored.replyTarget.row.is_deleted,
        }
      : null,
    thread_replies: [],
    message_reactions: [],
    message_reads: [],
    is_edited: false,
    edited_at: null,
  });

  /** The sender as a message names them. */
  const userOf = async (userId: number): Promise<ChatUser> => toChatUser((await messages.usersByIds([userId])).get(userId) ?? UNKNOWN_USER);

  const presentMessage = async (row: MessageRow): Promise<Message> => {
    const [message] = await presentMessages([row], row.conversation_id);
    if (!message) throw new Error(`Message ${row.id} could not be presented`);
    return message;
  };

  return { requireMember, actionById, presentMessages, presentMessage, presentNewMessage, userOf };
};

export type ChatViews = ReturnType<typeof createChatViews>;

/**
 * What chat tells the live socket, after its transaction has committed (docs/DESIGN.md, "Live events").
 * Chat builds its own wire records, typed by the shared contract, and sends them through
 * realtime's LiveChannel: the conversation's room gets the change itself, at once, and every
 * member's private room a 'user-sidebar-chat' nudge so sidebars and unread counts follow.
 *
 * Nudges are batched per conversation (docs/DESIGN.md, "Sidebar nudges"): the first change
 * goes out at once; further changes within SIDEBAR_BATCH_MS make one nudge at the end of
 * that window, carrying the latest. A busy group costs its members a few nudges a second,
 * not one per message, and each nudge is serialised once for all of them.
 */
import type { ChatMessageRecord, ConversationAction, Message, MessageReaction, SidebarRecord } from '@ichat/shared';
import type { AuthUser } from '../../auth/auth-user.js';
import type { LiveChannel } from '../../realtime/socket-server.js';
import type { Rosters } from './rosters.js';

export const SIDEBAR_BATCH_MS = 250;

interface SidebarBatch {
  /** The latest nudge held back in this window, with anyone who left meanwhile. */
  held?: { record: SidebarRecord; extraMemberIds: Set<number> };
  timer?: NodeJS.Timeout;
}

export const createChatLive = ({
  channel,
  rosters,
  onError,
}: {
  channel: LiveChannel;
  rosters: Rosters;
  /** A held-back nudge that could not be sent (its caller has long answered). */
  onError: (error: unknown) => void;
}) => {
  const sidebarBatches = new Map<number, SidebarBatch>();

  const sendNudge = async (record: SidebarRecord, extraMemberIds: Iterable<number>) => {
    const memberIds = await rosters.userIds(record.conversation_id);
    channel.emitToUsers([...new Set([...memberIds, ...extraMemberIds])], 'message', record);
  };

  const openWindow = (conversationId: number, batch: SidebarBatch) => {
    sidebarBatches.set(conversationId, batch);
    batch.timer = setTimeout(() => {
      const { held } = batch;
      if (!held) {
        sidebarBatches.delete(conversationId);
        return;
      }
      openWindow(conversationId, {});
      sendNudge(held.record, held.extraMemberIds).catch(onError);
    }, SIDEBAR_BATCH_MS);
    batch.timer.unref();
  };

  const nudgeSidebars = async (record: SidebarRecord, extraMemberIds: readonly number[]) => {
    const batch = sidebarBatches.get(record.conversation_id);
    if (batch) {
      const extra = new Set([...(batch.held?.extraMemberIds ?? []), ...extraMemberIds]);
      batch.held = { record, extraMemberIds: extra };
      return;
    }
    openWindow(record.conversation_id, {});
    await sendNudge(record, extraMemberIds);
  };

  /** The change to the room, and a sidebar nudge to the members (plus anyone who just left). */
  const announce = async (record: ChatMessageRecord, extraMemberIds: readonly number[] = [], message?: Message) => {
    const { conversation_id: conversationId } = record;
    channel.emitToConversation(conversationId, 'message', record);
    await nudgeSidebars(
      { ...record, type: 'user-sidebar-chat', data: message ? { conversation_id: conversationId, message } : { conversation_id: conversationId } },
      extraMemberIds,
    );
  };

  return {
    /** On shutdown: nudges still held back are dropped (the pages refresh on reconnect). */
    close() {
      for (const batch of sidebarBatches.values()) clearTimeout(batch.timer);
      sidebarBatches.clear();
    },

    /** A new message, top-level or a thread reply (its reply_to_thread_message_id). */
    messageCreated(conversationId: number, message: Message) {
      const threadParentId = message.reply_to_thread_message_id;
      const base = { id: message.id, conversation_id: conversationId, sender_id: message.sender_id, chat_id: threadParentId, data: message };
      return announce(
        threadParentId === null ? { ...base, type: 'user-chat' } : { ...base, type: 'user-thread-chat' },
        [],
        message,
      );
    },

    /**
     * A message's text was edited: the room gets the whole message (action EDIT). When it is
     * the conversation's latest, the sidebars' preview changes too, so they are nudged
     * (batched like every nudge); an older message's edit changes no sidebar.
     */
    async messageEdited(conversationId: number, message: Message, isLatest: boolean) {
      const threadParentId = message.reply_to_thread_message_id;
      const base = { id: message.id, conversation_id: conversationId, sender_id: message.sender_id, chat_id: threadParentId, action: 'EDIT' as const, data: message };
      const record: ChatMessageRecord = threadParentId === null ? { ...base, type: 'user-chat' } : { ...base, type: 'user-thread-chat' };
      if (isLatest) await announce(record, [], message);
      else channel.emitToConversation(conversationId, 'message', record);
    },

    messageDeleted(
      conversationId: number,
      deleted: { id: number; senderId: number; threadParentId: number | null },
      action: ConversationAction,
    ) {
      const base = {
        id: deleted.id,
        conversation_id: conversationId,
        sender_id: deleted.senderId,
        chat_id: deleted.threadParentId,
        action: 'DELETE' as const,
        data: action,
      };
      return announce(deleted.threadParentId === null ? { ...base, type: 'user-chat' } : { ...base, type: 'user-thread-chat' });
    },

    /**
     * An activity-log entry (rename, add, mute, remove, leave, pin). Anyone who just left or
     * was removed hears it in their sidebar and loses the conversation's room.
     */
    async actionLogged(conversationId: number, action: ConversationAction, removedUserIds: readonly number[] = []) {
      channel.leaveConversation(removedUserIds, conversationId);
      await announce(
        { id: action.id, conversation_id: conversationId, sender_id: action.user.id, chat_id: null, type: 'user-actions-chat', data: action },
        removedUserIds,
      );
    },

    /** A conversation appeared or changed without an activity entry (a new group). */
    conversationChanged(conversationId: number) {
      return nudgeSidebars(
        { id: conversationId, conversation_id: conversationId, sender_id: 0, chat_id: null, type: 'user-sidebar-chat', data: { conversation_id: conversationId } },
        [],
      );
    },

    /** Only this person's view of the conversation changed (their notification level): their own lists refresh. */
    ownViewChanged(conversationId: number, userId: number) {
      channel.emitToUsers([userId], 'message', {
        id: conversationId,
        conversation_id: conversationId,
        sender_id: userId,
        chat_id: null,
        type: 'user-sidebar-chat',
        data: { conversation_id: conversationId },
      });
    },

    pinChanged(conversationId: number, userId: number, pinned: Message | null) {
      channel.emitToConversation(conversationId, 'receive_pin_message', { conversation_id: conversationId, user_id: userId, pin_data: pinned });
    },

    /** A message's reactions changed: the whole current list goes out. */
    reactionsChanged(
      conversationId: number,
      message: { id: number; threadParentId: number | null },
      actorId: number,
      reactions: MessageReaction[],
    ) {
      channel.emitToConversation(conversationId, 'messageReaction', {
        id: message.id,
        conversation_id: conversationId,
        sender_id: actorId,
        chat_id: message.threadParentId,
        type: 'user-reactions-chat',
        data: { message_id: message.id, message_reactions: reactions },
      });
    },

    /** A reader's cursor moved: seen-by in the room, unread counts on the reader's other tabs. */
    readCursorMoved(conversationId: number, userId: number, displayName: string, messageId: number) {
      channel.emit({ conversationId, userIds: [userId] }, 'receive_seen_message', {
        conversationId,
        messageId,
        userId,
        display_name: displayName,
      });
    },

    /** Someone is typing: to the others who have the conversation open (not the typer's socket). */
    typing(conversationId: number, typer: AuthUser, socketId: string) {
      channel.emitToConversation(
        conversationId,
        'currently_typing_feedback',
        { room: conversationId, userId: typer.id, display_name: typer.displayName, profile_photo: typer.profilePhoto },
        { exceptSocketId: socketId },
      );
    },
  };
};

export type ChatLive = ReturnType<typeof createChatLive>;

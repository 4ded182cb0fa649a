/**
 * Reactions (000 §3): six types, shown grouped by type. A message's reactions change by a
 * toggle (PUT answers what it added or removed) or by a live event carrying the whole list;
 * both are applied to the held main-chat window and thread details. Like live/message-cache,
 * each apply answers the same object when nothing changed, so a repeated event re-renders nothing.
 */
import {
  idSchema,
  messageSchema,
  REACTION_TYPES,
  type Message,
  type MessageReaction,
  type ReactionsChanged,
  type ReactionType,
  type ThreadDetail,
} from '@ichat/shared';
import type { MessageWindow } from '../lib/paging';

export interface ReactionGroup {
  type: ReactionType;
  count: number;
  /** Who reacted, once each; the viewer first, as 'You'. */
  names: string[];
  /** Whether the viewer is among them: clicking the group takes the viewer's reaction back. */
  isMine: boolean;
}

/** One group per type present, in REACTION_TYPES order so chips do not jump around. */
export const groupReactions = (
  reactions: readonly MessageReaction[],
  viewerId: number | undefined,
): ReactionGroup[] =>
  REACTION_TYPES.flatMap((type) => {
    const reactors = new Set<number>();
    const others: string[] = [];
    let isMine = false;
    for (const reaction of reactions) {
      if (reaction.type !== type || reactors.has(reaction.user_id)) continue;
      reactors.add(reaction.user_id);
      if (reaction.user_id === viewerId) isMine = true;
      else others.push(reaction.user.display_name);
    }
    if (reactors.size === 0) return [];
    const names = isMine ? ['You', ...others] : others;
    return [{ type, count: names.length, names, isMine }];
  });

/** The types the viewer has already put on a message (the picker marks them). */
export const reactedTypes = (
  reactions: readonly MessageReaction[],
  viewerId: number | undefined,
): ReadonlySet<ReactionType> =>
  new Set(reactions.filter((reaction) => reaction.user_id === viewerId).map((reaction) => reaction.type));

const isSameReaction = (a: MessageReaction, b: MessageReaction): boolean =>
  a.id === b.id && a.type === b.type && a.user_id === b.user_id && a.user.display_name === b.user.display_name;

const isSameList = (a: readonly MessageReaction[], b: readonly MessageReaction[]): boolean =>
  a === b || (a.length === b.length && a.every((reaction, index) => isSameReaction(reaction, b[index]!)));

/** A new list, or a change computed from the message's current one (as with React's setState). */
export type ReactionsUpdate =
  | readonly MessageReaction[]
  | ((current: readonly MessageReaction[]) => readonly MessageReaction[]);

const withReactions = (message: Message, messageId: number, update: ReactionsUpdate): Message => {
  if (message.id !== messageId) return message;
  const next = typeof update === 'function' ? update(message.message_reactions) : update;
  return isSameList(message.message_reactions, next) ? message : { ...message, message_reactions: [...next] };
};

/** A message's reactions changed in the main-chat window; a message not held is left alone. */
export const applyReactions = (
  held: MessageWindow | undefined,
  messageId: number,
  update: ReactionsUpdate,
): MessageWindow | undefined => {
  if (!held) return held;
  const index = held.messages.findIndex((message) => message.id === messageId);
  const target = held.messages[index];
  if (!target) return held;
  const changed = withReactions(target, messageId, update);
  if (changed === target) return held;
  const messages = held.messages.slice();
  messages[index] = changed;
  return { ...held, messages };
};

/** The same for a held thread: the message may be its parent or one of its replies. */
export const applyThreadReactions = (
  thread: ThreadDetail | undefined,
  messageId: number,
  update: ReactionsUpdate,
): ThreadDetail | undefined => {
  if (!thread) return thread;
  const parent = withReactions(thread.parent, messageId, update);
  let hasChangedReply = false;
  const replies = thread.replies.map((reply) => {
    const changed = withReactions(reply, messageId, update);
    if (changed !== reply) hasChangedReply = true;
    return changed;
  });
  if (parent === thread.parent && !hasChangedReply) return thread;
  return { ...thread, parent, replies: hasChangedReply ? replies : thread.replies };
};

/** What the PUT answers (reactionResponseSchema without `success`). */
export interface ReactionToggleResult {
  message_reaction: MessageReaction | null;
  removed: boolean;
}

/**
 * The list after the viewer's toggle of `type` was answered. The live event for the same
 * change may have been applied first, so adding what is already there, or removing what is
 * already gone, leaves the list as it is.
 */
export const toggledReactions = (
  current: readonly MessageReaction[],
  viewerId: number | undefined,
  type: ReactionType,
  result: ReactionToggleResult,
): readonly MessageReaction[] => {
  const returned = result.message_reaction;
  if (result.removed) {
    const isRemoved = (reaction: MessageReaction) =>
      reaction.id === returned?.id || (reaction.user_id === viewerId && reaction.type === type);
    return current.some(isRemoved) ? current.filter((reaction) => !isRemoved(reaction)) : current;
  }
  if (!returned) return current;
  if (current.some((reaction) => reaction.id === returned.id)) return current;
  // One reaction per person and type: a stale copy of the viewer's earlier one gives way.
  const others = current.filter((reaction) => !(reaction.user_id === returned.user_id && reaction.type === returned.type));
  return [...others, returned];
};

/** The `data` of a 'user-reactions-chat' live record (ReactionsChanged), checked before it is trusted. */
export const reactionsChangedSchema = messageSchema
  .pick({ message_reactions: true })
  .extend({ message_id: idSchema });

export const parseReactionsChanged = (data: unknown): ReactionsChanged | null => {
  const parsed = reactionsChangedSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
};

/**
 * Reactions (000 §3): six types, shown grouped by type. A message's reactions change by a
 * toggle (PUT answers what it added or removed) or by a live event carrying the whole list;
 * both reach the held messages through cache/chat-cache.ts.
 */
import { REACTION_TYPES, type MessageReaction, type ReactionType } from '@ichat/shared';

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

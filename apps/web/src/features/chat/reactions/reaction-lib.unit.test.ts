import type { Message, MessageReaction, ReactionType, ThreadDetail } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { applyReactions, applyThreadReactions, type MessageWindow } from '../cache/message-window';
import { testMessage, testUser } from '../lib/test-messages';
import { groupReactions, reactedTypes, toggledReactions } from './reaction-lib';

const VIEWER = 1;
const names: Record<number, string> = { 1: 'Maria Santos', 2: 'Juan Dela Cruz', 3: 'Ana Reyes' };

const reaction = (id: number, userId: number, type: ReactionType, messageId = 10): MessageReaction => ({
  id,
  message_id: messageId,
  user_id: userId,
  type,
  user: { id: userId, display_name: names[userId] ?? `User ${userId}` },
});

const message = (id: number, reactions: MessageReaction[] = []): Message =>
  testMessage(id, { sender_id: 2, user: testUser(2, 'Juan Dela Cruz'), message_reactions: reactions });

const windowOf = (...messages: Message[]): MessageWindow => ({ messages, hasMore: false });

describe('groupReactions', () => {
  it('groups by type in the fixed order heart before like, whatever order they came in', () => {
    const groups = groupReactions([reaction(1, 2, 'like'), reaction(2, 3, 'heart'), reaction(3, 3, 'like')], VIEWER);
    expect(groups.map((group) => [group.type, group.count])).toEqual([
      ['heart', 1],
      ['like', 2],
    ]);
  });

  it('names the viewer as You, first, and marks the group as theirs', () => {
    const [heart] = groupReactions([reaction(1, 2, 'heart'), reaction(2, 3, 'heart'), reaction(3, VIEWER, 'heart')], VIEWER);
    expect(heart).toEqual({ type: 'heart', count: 3, names: ['You', 'Juan Dela Cruz', 'Ana Reyes'], isMine: true });
  });

  it('does not mark a group the viewer is not in, and shows nothing for no reactions', () => {
    expect(groupReactions([reaction(1, 2, 'sad')], VIEWER)).toEqual([
      { type: 'sad', count: 1, names: ['Juan Dela Cruz'], isMine: false },
    ]);
    expect(groupReactions([], VIEWER)).toEqual([]);
  });

  it('counts a person once per type even if a list repeats them', () => {
    const [haha] = groupReactions([reaction(1, 2, 'haha'), reaction(9, 2, 'haha')], VIEWER);
    expect(haha?.count).toBe(1);
    expect(haha?.names).toEqual(['Juan Dela Cruz']);
  });

  it('knows nobody as You before the viewer is known', () => {
    const [like] = groupReactions([reaction(1, VIEWER, 'like')], undefined);
    expect(like).toMatchObject({ names: ['Maria Santos'], isMine: false });
  });
});

describe('reactedTypes', () => {
  it('lists only the viewer’s types', () => {
    const types = reactedTypes([reaction(1, VIEWER, 'salute'), reaction(2, 2, 'heart'), reaction(3, VIEWER, 'thanks')], VIEWER);
    expect([...types].sort()).toEqual(['salute', 'thanks']);
  });
});

describe('applyReactions', () => {
  it('replaces the list of that message only', () => {
    const other = message(9);
    const held = windowOf(other, message(10));
    const next = applyReactions(held, 10, [reaction(1, 2, 'heart')]);
    expect(next).not.toBe(held);
    expect(next?.messages[0]).toBe(other);
    expect(next?.messages[1]?.message_reactions.map((r) => r.id)).toEqual([1]);
    expect(held.messages[1]?.message_reactions).toEqual([]);
  });

  it('answers the same window when the list is unchanged, the message is not held or nothing is held', () => {
    const held = windowOf(message(10, [reaction(1, 2, 'heart')]));
    expect(applyReactions(held, 10, [reaction(1, 2, 'heart')])).toBe(held);
    expect(applyReactions(held, 99, [reaction(1, 2, 'heart')])).toBe(held);
    expect(applyReactions(undefined, 10, [])).toBeUndefined();
  });

  it('notices a removal and a change of order as changes', () => {
    const held = windowOf(message(10, [reaction(1, 2, 'heart'), reaction(2, 3, 'like')]));
    expect(applyReactions(held, 10, [reaction(1, 2, 'heart')])?.messages[0]?.message_reactions).toHaveLength(1);
    expect(applyReactions(held, 10, [reaction(2, 3, 'like'), reaction(1, 2, 'heart')])).not.toBe(held);
  });

  it('computes from the held list when given a function', () => {
    const held = windowOf(message(10, [reaction(1, 2, 'heart')]));
    const next = applyReactions(held, 10, (current) => [...current, reaction(2, 3, 'sad')]);
    expect(next?.messages[0]?.message_reactions.map((r) => r.type)).toEqual(['heart', 'sad']);
  });
});

describe('applyThreadReactions', () => {
  const thread = (): ThreadDetail => ({ parent: message(10), replies: [message(11), message(12)] });

  it('changes the parent', () => {
    const held = thread();
    const next = applyThreadReactions(held, 10, [reaction(1, 2, 'like')]);
    expect(next?.parent.message_reactions).toHaveLength(1);
    expect(next?.replies).toBe(held.replies);
  });

  it('changes one reply and keeps the others as they were', () => {
    const held = thread();
    const next = applyThreadReactions(held, 12, [reaction(1, 2, 'like', 12)]);
    expect(next?.parent).toBe(held.parent);
    expect(next?.replies[0]).toBe(held.replies[0]);
    expect(next?.replies[1]?.message_reactions.map((r) => r.id)).toEqual([1]);
  });

  it('answers the same thread when the message is elsewhere, the list is unchanged or nothing is held', () => {
    const held = thread();
    expect(applyThreadReactions(held, 99, [reaction(1, 2, 'like')])).toBe(held);
    expect(applyThreadReactions(held, 11, [])).toBe(held);
    expect(applyThreadReactions(undefined, 10, [])).toBeUndefined();
  });
});

describe('toggledReactions', () => {
  const added = (r: MessageReaction) => ({ message_reaction: r, removed: false });
  const removed = { message_reaction: null, removed: true };

  it('adds the reaction the server stored', () => {
    const current = [reaction(1, 2, 'heart')];
    expect(toggledReactions(current, VIEWER, 'like', added(reaction(5, VIEWER, 'like'))).map((r) => r.id)).toEqual([1, 5]);
  });

  it('does not add it twice when the live event brought it first', () => {
    const current = [reaction(5, VIEWER, 'like'), reaction(1, 2, 'heart')];
    expect(toggledReactions(current, VIEWER, 'like', added(reaction(5, VIEWER, 'like')))).toBe(current);
  });

  it('replaces a stale copy of the viewer’s reaction of the same type', () => {
    const current = [reaction(4, VIEWER, 'like'), reaction(1, 2, 'like')];
    const next = toggledReactions(current, VIEWER, 'like', added(reaction(5, VIEWER, 'like')));
    expect(next.map((r) => r.id)).toEqual([1, 5]);
  });

  it('removes only the viewer’s reaction of that type', () => {
    const current = [reaction(1, VIEWER, 'heart'), reaction(2, VIEWER, 'like'), reaction(3, 2, 'heart')];
    expect(toggledReactions(current, VIEWER, 'heart', removed).map((r) => r.id)).toEqual([2, 3]);
  });

  it('removes the reaction the server names as removed', () => {
    const current = [reaction(7, VIEWER, 'sad'), reaction(3, 2, 'sad')];
    const next = toggledReactions(current, VIEWER, 'sad', { message_reaction: reaction(7, VIEWER, 'sad'), removed: true });
    expect(next.map((r) => r.id)).toEqual([3]);
  });

  it('leaves the list as it is when the removal was already applied', () => {
    const current = [reaction(3, 2, 'heart')];
    expect(toggledReactions(current, VIEWER, 'heart', removed)).toBe(current);
  });
});

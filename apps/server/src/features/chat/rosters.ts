/**
 * Who belongs to each conversation, with what the chat policy reads of them, kept in memory
 * (docs/DESIGN.md, "Membership answers in memory"). Every send, reaction, room join and
 * fan-out asks; the answer changes only when someone is added, removed, leaves or is muted,
 * and each of those calls `changed` once its transaction has committed: here, and through
 * the live channel on every other server process.
 */
import type { Membership } from '@ichat/shared';
import type { ProcessSignals } from '../../realtime/socket-server.js';
import type { ConversationsRepository } from './conversations.repository.js';

export interface RosterMember extends Membership {
  member_id: number;
  user_id: number;
}

export interface Roster {
  members: ReadonlyMap<number, RosterMember>;
  userIds: readonly number[];
}

/** Enough for every conversation active at company scale; the least recently asked fall out. */
const ROSTERS_KEPT = 50_000;
const SIGNAL = 'chat:roster-changed';

export const createRosters = ({ conversations, signals }: { conversations: ConversationsRepository; signals: ProcessSignals }) => {
  const kept = new Map<number, Roster>();
  // Bumped by every change: a roster read from the database while a change committed may
  // be stale, so it is used for that call but not kept.
  let changes = 0;

  const forget = (conversationId: number) => {
    changes += 1;
    kept.delete(conversationId);
  };
  signals.onSignal(SIGNAL, forget);

  const load = async (conversationId: number): Promise<Roster | undefined> => {
    const changesBefore = changes;
    const rows = await conversations.rosterOf(conversationId);
    // No members: no such conversation (or none left); not kept, so it is read afresh.
    if (rows.length === 0) return undefined;
    const roster: Roster = { members: new Map(rows.map((row) => [row.user_id, row])), userIds: rows.map((row) => row.user_id) };
    if (changes === changesBefore) {
      kept.set(conversationId, roster);
      if (kept.size > ROSTERS_KEPT) kept.delete(kept.keys().next().value as number);
    }
    return roster;
  };

  const rosterOf = (conversationId: number): Roster | Promise<Roster | undefined> => {
    const roster = kept.get(conversationId);
    if (!roster) return load(conversationId);
    // Most recently used last, so the oldest falls out first.
    kept.delete(conversationId);
    kept.set(conversationId, roster);
    return roster;
  };

  return {
    /** The person's membership as the chat policy reads it; undefined for a non-member. */
    async membership(conversationId: number, userId: number): Promise<RosterMember | undefined> {
      return (await rosterOf(conversationId))?.members.get(userId);
    },

    /** Every member's user id, for fan-out. */
    async userIds(conversationId: number): Promise<readonly number[]> {
      return (await rosterOf(conversationId))?.userIds ?? [];
    },

    /** The conversation's members changed (committed): every process reads them afresh. */
    changed(conversationId: number) {
      forget(conversationId);
      signals.signalOthers(SIGNAL, conversationId);
    },
  };
};

export type Rosters = ReturnType<typeof createRosters>;

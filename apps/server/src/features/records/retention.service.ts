/**
 * Retention and legal holds (docs/DECISIONS.md, "Operating it (issue 20)"). With the admin
 * area's `retention_days` set, a round deletes every message older than that, with its
 * attachment files, except a conversation's pinned message and every message of a
 * conversation an administrator has put on hold. A message deleted this way is gone
 * entirely, as if never sent; requests and their files are records of decisions and stay.
 *
 * Rounds run in batches, each its own short transaction, so a first round over years of
 * messages never holds the database for long. Two processes running a round at once delete
 * each message once (the second finds it gone).
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/auth-user.js';
import { repeatRound } from '../../background-round.js';
import type { Database } from '../../db/tables.js';
import { nowMs, toIso } from '../../db/values.js';
import { notFound } from '../../errors.js';
import type { FileStore } from '../../storage/file-store.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { HeldConversation, RecordsRepository } from './records.repository.js';

const DAY_MS = 86_400_000;
/** Messages per transaction: short enough that a send waits at most a few milliseconds. */
export const RETENTION_BATCH = 200;
/** Who the audit log names for a round: the server itself. */
const RETENTION_ACTOR: Actor = { id: null, address: 'retention job' };

export const CONVERSATION_NOT_FOUND = 'That conversation does not exist.';

/** A conversation's name as an administrator reads it: the group's, or its members' for a personal one. */
export const conversationName = (conversation: HeldConversation): string =>
  conversation.name ?? (conversation.member_names.join(' and ') || `Conversation ${conversation.id}`);

const toHeld = (conversation: HeldConversation) => ({
  id: conversation.id,
  name: conversationName(conversation),
  is_group: conversation.is_group,
  legal_hold: conversation.legal_hold,
});

export interface RetentionRound {
  messages: number;
  files: number;
}

export const createRetentionService = ({
  db,
  records,
  files,
  settings,
  audit,
}: {
  db: Kysely<Database>;
  records: RecordsRepository;
  files: FileStore;
  settings: SettingsService;
  audit: AuditTrail;
}) => {
  /** One round: deletes what the setting says is past keeping. Nothing when retention is off. */
  const purge = async (now = nowMs()): Promise<RetentionRound> => {
    const { retention_days: days } = await settings.read();
    if (days === null) return { messages: 0, files: 0 };
    const cutoff = now - days * DAY_MS;
    let messages = 0;
    let removed = 0;
    for (;;) {
      const batch = await db.transaction().execute((trx) => records.purgeBatch(cutoff, RETENTION_BATCH, trx));
      if (batch.messageIds.length === 0) break;
      // The rows are gone for good; a file left by a crash here is an orphan nobody can reach.
      await Promise.all(batch.storedNames.map((name) => files.remove('message-attachment', name)));
      messages += batch.messageIds.length;
      removed += batch.storedNames.length;
    }
    if (messages > 0) {
      await db.transaction().execute((trx) =>
        audit.record(trx, RETENTION_ACTOR, {
          action: 'retention.delete',
          targetType: 'messages',
          targetId: null,
          summary: `Deleted ${messages} message${messages === 1 ? '' : 's'} and ${removed} file${removed === 1 ? '' : 's'} older than ${days} days`,
          before: null,
          after: { messages, files: removed, retention_days: days, older_than: toIso(cutoff) },
        }),
      );
    }
    return { messages, files: removed };
  };

  return {
    purge,

    async legalHolds() {
      return (await records.listHeld()).map(toHeld);
    },

    async setLegalHold(actor: Actor, conversationId: number, hold: boolean) {
      const before = await records.findConversation(conversationId);
      if (!before) throw notFound(CONVERSATION_NOT_FOUND);
      const time = nowMs();
      await db.transaction().execute(async (trx) => {
        await records.setLegalHold(conversationId, hold, time, trx);
        await audit.record(trx, actor, {
          action: 'conversation.legal_hold',
          targetType: 'conversation',
          targetId: conversationId,
          summary: `${hold ? 'Put' : 'Lifted'} a legal hold ${hold ? 'on' : 'from'} ${conversationName(before)}`,
          before: { legal_hold: before.legal_hold },
          after: { legal_hold: hold },
        });
      });
      return {
        message: hold ? 'The conversation is on legal hold: retention deletes none of its messages.' : 'The legal hold is lifted.',
        conversation: toHeld({ ...before, legal_hold: hold }),
      };
    },

    /** Runs a round now and then every `intervalMs` until stopped (background-round.ts). */
    start: (intervalMs: number, onError: (error: unknown) => void) => repeatRound(() => purge(), intervalMs, onError),
  };
};

export type RetentionService = ReturnType<typeof createRetentionService>;

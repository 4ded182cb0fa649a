/**
 * Exports for administrators (docs/DECISIONS.md, "Operating it (issue 20)"): one
 * conversation whole, or one person's data when they ask for it. Each is one JSON document
 * plus the stored files it names, written as a ZIP (the admin call) or a folder (the command
 * line) by export-archive.ts. Every export is recorded in the audit log.
 */
import { centavosToPesos } from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/auth-user.js';
import type { Database } from '../../db/tables.js';
import { nowMs, toBool, toIso, toIsoOrNull } from '../../db/values.js';
import { notFound } from '../../errors.js';
import type { Bucket, FileStore } from '../../storage/file-store.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { RecordsRepository } from './records.repository.js';
import { CONVERSATION_NOT_FOUND } from './retention.service.js';

export const EXPORT_FORMAT = 'internal-chat-export';
export const EXPORT_VERSION = 1;
export const EXPORT_DOCUMENT = 'export.json';

/** A stored file the export carries: where it goes in the export, and where it is on disk. */
export interface ExportFile {
  path: string;
  source: string;
}

export interface ExportBundle {
  /** A file or folder name for it: what it holds and the day it was made. */
  name: string;
  document: Record<string, unknown>;
  files: ExportFile[];
}

const USER_NOT_FOUND = 'That user does not exist.';

/** Collects the stored files an export names; one that is no longer on disk is listed as missing. */
const fileCollector = (files: FileStore) => {
  const carried: ExportFile[] = [];
  const missing: string[] = [];
  return {
    carried,
    missing,
    async add(bucket: Bucket, storedName: string | null): Promise<string | null> {
      if (!storedName) return null;
      const path = `files/${bucket}/${storedName}`;
      if (!(await files.exists(bucket, storedName))) {
        missing.push(path);
        return null;
      }
      if (!carried.some((file) => file.path === path)) carried.push({ path, source: files.pathFor(bucket, storedName) });
      return path;
    },
  };
};

type Collector = ReturnType<typeof fileCollector>;

/** A stored file as an export lists it: its name, type and size, and where its copy is in the bundle. */
const presentFile = async (file: { original_name: string; file_type: string; size_bytes: number; stored_name: string }, bucket: Bucket, collector: Collector) => ({
  original_name: file.original_name,
  file_type: file.file_type,
  size_bytes: file.size_bytes,
  file: await collector.add(bucket, file.stored_name),
});

const groupBy = <Row, Key>(rows: readonly Row[], key: (row: Row) => Key) => {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return (value: Key) => groups.get(value) ?? [];
};

export const createDataExportService = ({ db, records, files, audit }: { db: Kysely<Database>; records: RecordsRepository; files: FileStore; audit: AuditTrail }) => {
  const recordExport = (actor: Actor, targetType: string, targetId: number, summary: string, counts: Record<string, number>) =>
    db.transaction().execute((trx) =>
      audit.record(trx, actor, { action: `export.${targetType}`, targetType, targetId, summary, before: null, after: counts }),
    );

  const header = (kind: string) => ({ format: EXPORT_FORMAT, version: EXPORT_VERSION, kind, exported_at: toIso(nowMs()), times: 'UTC, ISO 8601' });
  const day = () => toIso(nowMs()).slice(0, 10);

  /** Messages with their files, reactions and mentions, as both exports write them. */
  const presentMessages = async (rows: Awaited<ReturnType<RecordsRepository['messagesForExport']>>, collector: Collector) => {
    const ids = rows.map((row) => row.id);
    const attachmentsOf = groupBy(await records.attachmentsOf(ids), (row) => row.message_id);
    const reactionsOf = groupBy(await records.reactionsOf(ids), (row) => row.message_id);
    const mentionsOf = groupBy(await records.mentionsOf(ids), (row) => row.message_id);
    const messages = [];
    for (const row of rows) {
      const attachments = [];
      for (const file of attachmentsOf(row.id)) attachments.push({ id: file.id, ...(await presentFile(file, 'message-attachment', collector)) });
      messages.push({
        id: row.id,
        conversation_id: row.conversation_id,
        sender: { id: row.sender_id, display_name: row.sender_name },
        content: row.content,
        thread_parent_id: row.thread_parent_id,
        reply_to_message_id: row.reply_to_message_id,
        is_deleted: toBool(row.is_deleted),
        deleted_at: toIsoOrNull(row.deleted_at),
        created_at: toIso(row.created_at),
        updated_at: toIso(row.updated_at),
        attachments,
        reactions: reactionsOf(row.id).map((reaction) => ({ user_id: reaction.user_id, type: reaction.type, created_at: toIso(reaction.created_at) })),
        mentions: mentionsOf(row.id).map((mention) => mention.user_id),
      });
    }
    return messages;
  };

  return {
    async conversation(actor: Actor, conversationId: number): Promise<ExportBundle> {
      const conversation = await records.conversationForExport(conversationId);
      if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
      const collector = fileCollector(files);
      const members = await records.membershipsForExport({ conversationId });
      const messages = await presentMessages(await records.messagesForExport({ conversationId }), collector);
      const activity = await records.actionsForExport(conversationId);
      const document = {
        ...header('conversation'),
        conversation: {
          id: conversation.id,
          name: conversation.name,
          is_group: toBool(conversation.is_group),
          legal_hold: toBool(conversation.legal_hold),
          pinned_message_id: conversation.pinned_message_id,
          image: await collector.add('images-data', conversation.image),
          created_by: { id: conversation.created_by, display_name: conversation.created_by_name },
          created_at: toIso(conversation.created_at),
        },
        members: members.map((member) => ({
          user_id: member.user_id,
          display_name: member.display_name,
          email_address: member.email_address,
          is_admin: toBool(member.is_admin),
          is_muted: toBool(member.is_muted),
          joined_at: toIso(member.joined_at),
        })),
        messages,
        activity: activity.map((entry) => ({ ...entry, created_at: toIso(entry.created_at) })),
        missing_files: collector.missing,
      };
      await recordExport(actor, 'conversation', conversationId, `Exported conversation ${conversation.name ?? conversationId}`, {
        messages: messages.length,
        files: collector.carried.length,
      });
      return { name: `conversation-${conversationId}-${day()}`, document, files: collector.carried };
    },

    async user(actor: Actor, userId: number): Promise<ExportBundle> {
      const user = await records.userForExport(userId);
      if (!user) throw notFound(USER_NOT_FOUND);
      const collector = fileCollector(files);
      const messages = await presentMessages(await records.messagesForExport({ senderId: userId }), collector);
      const requests = await records.requestsOf(userId);
      const requestIds = requests.map((request) => request.id);
      const linesOf = groupBy(await records.requestLinesOf(requestIds), (row) => row.request_id);
      const filesOf = groupBy(await records.requestFilesOf(requestIds), (row) => row.request_id);
      const approversOf = groupBy(await records.requestApproversOf(requestIds), (row) => row.request_id);
      const votesOn = groupBy(await records.votesFor({ requestIds }), (row) => row.request_id);
      const pesos = (centavos: number | null) => (centavos === null ? null : centavosToPesos(centavos));
      const presentedRequests = [];
      for (const request of requests) {
        const requestFiles = [];
        for (const file of filesOf(request.id)) {
          requestFiles.push({ field: file.field, line_id: file.line_id, ...(await presentFile(file, 'requests-attachments', collector)) });
        }
        presentedRequests.push({
          id: request.id,
          reference_id: request.reference_id,
          form: request.form_name,
          form_type: request.form_type,
          status: request.status,
          total_cost: pesos(request.total_cost),
          copied_from_id: request.copied_from_id,
          created_at: toIso(request.created_at),
          decided_at: toIsoOrNull(request.decided_at),
          details: request.payload,
          lines: linesOf(request.id).map((line) => ({ ...line, unit_price: pesos(line.unit_price), cost: pesos(line.cost) })),
          files: requestFiles,
          approvers: approversOf(request.id).map((seat) => ({
            approver_id: seat.approver_id,
            display_name: seat.display_name,
            level: seat.level,
            has_voted: toBool(seat.has_voted),
            approved: toBool(seat.approved),
            comment: seat.comment,
            voted_at: toIsoOrNull(seat.voted_at),
            voted_by: seat.voted_by,
          })),
          votes: votesOn(request.id).map((vote) => ({ ...vote, created_at: toIso(vote.created_at) })),
        });
      }
      const document = {
        ...header('user'),
        user: {
          id: user.id,
          username: user.username,
          email_address: user.email_address,
          first_name: user.first_name,
          last_name: user.last_name,
          display_name: user.display_name,
          department: user.department,
          admin_access: toBool(user.admin_access),
          approval_page: toBool(user.approval_page),
          is_active: toBool(user.is_active),
          profile_photo: await collector.add('images-data', user.profile_photo),
          last_online_at: toIsoOrNull(user.last_online_at),
          created_at: toIso(user.created_at),
          updated_at: toIso(user.updated_at),
        },
        conversations: (await records.membershipsForExport({ userId })).map((membership) => ({
          id: membership.conversation_id,
          name: membership.name,
          is_group: toBool(membership.is_group),
          is_admin: toBool(membership.is_admin),
          is_muted: toBool(membership.is_muted),
          joined_at: toIso(membership.joined_at),
        })),
        messages_sent: messages,
        reactions: (await records.reactionsBy(userId)).map((reaction) => ({ ...reaction, created_at: toIso(reaction.created_at) })),
        requests: presentedRequests,
        votes_cast: (await records.votesFor({ userId })).map((vote) => ({ ...vote, created_at: toIso(vote.created_at) })),
        notifications: (await records.notificationsOf(userId)).map((notification) => ({
          ...notification,
          is_read: toBool(notification.is_read),
          is_reminder: toBool(notification.is_reminder),
          created_at: toIso(notification.created_at),
        })),
        stand_ins: (await records.delegationsOf(userId)).map((delegation) => ({
          ...delegation,
          created_at: toIso(delegation.created_at),
          revoked_at: toIsoOrNull(delegation.revoked_at),
        })),
        missing_files: collector.missing,
      };
      await recordExport(actor, 'user', userId, `Exported the data of ${user.display_name}`, {
        messages: messages.length,
        requests: requests.length,
        files: collector.carried.length,
      });
      return { name: `user-${user.username}-${day()}`, document, files: collector.carried };
    },
  };
};

export type DataExportService = ReturnType<typeof createDataExportService>;

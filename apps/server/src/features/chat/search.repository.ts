/**
 * Message search on both databases (docs/DESIGN.md, "Search on two databases"): the one place
 * with dialect-specific SQL for the full-text index of migration 0002. The caller's
 * membership is joined inside the query, so a LIMIT can never hide a permitted hit behind
 * others' messages, and nothing outside the caller's conversations is ever read.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { toBool } from '../../db/values.js';
import type { MessageRow } from './messages.repository.js';

/** At most this many words of a keyword are searched for. */
export const MAX_SEARCH_TERMS = 8;

/**
 * The words of a keyword as the indexes split text: runs of letters, digits and combining
 * marks, lower-cased, each once. Punctuation alone yields no words.
 */
export const searchTerms = (keyword: string): string[] =>
  [...new Set(keyword.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [])].slice(0, MAX_SEARCH_TERMS);

export interface SearchHitRow extends MessageRow {
  conversation_name: string | null;
  conversation_image: string | null;
  conversation_is_group: boolean;
}

interface RawHit extends Omit<SearchHitRow, 'is_deleted' | 'conversation_is_group'> {
  is_deleted: unknown;
  conversation_is_group: unknown;
}

export interface SearchOptions {
  userId: number;
  keyword: string;
  /** Only this conversation; every conversation of the caller when absent. */
  conversationId?: number | undefined;
  limit: number;
}

export const createSearchRepository = (db: Kysely<Database>, dialect: DialectName) => {
  const columns = sql`m.id, m.conversation_id, m.sender_id, m.content, m.reply_to_message_id, m.thread_parent_id,
    m.client_message_id, m.is_deleted, m.created_at, m.updated_at,
    c.name as conversation_name, c.image as conversation_image, c.is_group as conversation_is_group`;

  return {
    /**
     * Live messages matching every word of the keyword as a word prefix, newest first: the
     * order the results say they are in (issue 17), the one people expect of a chat search.
     */
    async searchMessages({ userId, keyword, conversationId, limit }: SearchOptions): Promise<SearchHitRow[]> {
      const terms = searchTerms(keyword);
      if (terms.length === 0) return [];
      const inConversation = conversationId === undefined ? sql`` : sql`and m.conversation_id = ${conversationId}`;

      const query =
        dialect === 'postgres'
          ? sql<RawHit>`
              select ${columns}
              from messages m
              join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${userId}
              join conversations c on c.id = m.conversation_id,
                to_tsquery('simple', ${terms.map((term) => `${term}:*`).join(' & ')}) q
              where m.search_vector @@ q and m.is_deleted = false ${inConversation}
              order by m.id desc
              limit ${limit}`
          : sql<RawHit>`
              select ${columns}
              from messages_fts
              join messages m on m.id = messages_fts.rowid
              join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${userId}
              join conversations c on c.id = m.conversation_id
              where messages_fts match ${terms.map((term) => `"${term}"*`).join(' ')}
                and m.is_deleted = 0 ${inConversation}
              order by m.id desc
              limit ${limit}`;

      const { rows } = await query.execute(db);
      return rows.map((row) => ({
        ...row,
        is_deleted: toBool(row.is_deleted as never),
        conversation_is_group: toBool(row.conversation_is_group as never),
      }));
    },
  };
};

export type SearchRepository = ReturnType<typeof createSearchRepository>;

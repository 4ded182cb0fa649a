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

/**
 * A reader whose conversations hold at most this many messages is searched by reading those
 * messages newest first rather than through the word index: for a common word almost every
 * match is in someone else's conversation, and walking them all costs more than reading the
 * few thousand the reader can see (bench/RESULTS.md, "Data scale").
 */
export const READ_THROUGH_LIMIT = 5000;

/**
 * Whether a text has every term as the start of one of its words, as SQLite's index splits
 * words (FTS5's unicode61 tokenizer: letters, digits and private-use characters, lower-cased,
 * accents kept; combining marks count with the word here as searchTerms takes them).
 */
export const hasEveryTermAsWordStart = (text: string, terms: readonly string[]): boolean => {
  const words = text.toLowerCase().match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? [];
  return terms.every((term) => words.some((word) => word.startsWith(term)));
};

export const createSearchRepository = (db: Kysely<Database>, dialect: DialectName, { readThroughLimit = READ_THROUGH_LIMIT } = {}) => {
  const columns = sql`m.id, m.conversation_id, m.sender_id, m.content, m.reply_to_message_id, m.thread_parent_id,
    m.client_message_id, m.is_deleted, m.created_at, m.updated_at, m.edited_at,
    c.name as conversation_name, c.image as conversation_image, c.is_group as conversation_is_group`;

  const toHit = (row: RawHit): SearchHitRow => ({
    ...row,
    is_deleted: toBool(row.is_deleted as never),
    conversation_is_group: toBool(row.conversation_is_group as never),
  });

  /** The caller's conversations (only the one asked for, when one is): what a search may read. */
  const readableConversations = async (userId: number, conversationId: number | undefined): Promise<number[]> => {
    let query = db.selectFrom('conversation_members').select('conversation_id').where('user_id', '=', userId);
    if (conversationId !== undefined) query = query.where('conversation_id', '=', conversationId);
    return (await query.execute()).map((row) => row.conversation_id);
  };

  /** Counting no further than the limit: whether these conversations hold few enough messages to read through. */
  const holdsFewMessages = async (conversationIds: number[]) => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (
        select 1 from messages where conversation_id in (${sql.join(conversationIds)}) limit ${readThroughLimit + 1}
      ) as held`.execute(db);
    return Number(rows[0]?.n ?? 0) <= readThroughLimit;
  };

  return {
    /**
     * Live messages matching every word of the keyword as a word prefix, newest first: the
     * order the results say they are in (issue 17), the one people expect of a chat search.
     * Only the caller's conversations are read: their ids are part of the query itself, so a
     * LIMIT never hides a permitted hit behind others' messages.
     */
    async searchMessages({ userId, keyword, conversationId, limit }: SearchOptions): Promise<SearchHitRow[]> {
      const terms = searchTerms(keyword);
      if (terms.length === 0) return [];
      const conversationIds = await readableConversations(userId, conversationId);
      if (conversationIds.length === 0) return [];
      const readable = sql`m.conversation_id in (${sql.join(conversationIds)})`;

      const fewToRead = await holdsFewMessages(conversationIds);
      if (dialect === 'postgres') {
        const tsQuery = sql`to_tsquery('simple', ${terms.map((term) => `${term}:*`).join(' & ')})`;
        // Few messages: read them and test each one's stored vector (OFFSET 0 keeps the
        // planner from swapping in the word index, which for a common word or a short
        // prefix such as 'po' means reading tens of thousands of entries). Many: the planner
        // weighs walking the newest messages against the word index.
        const searched = fewToRead
          ? sql`(select * from messages m where ${readable} and m.is_deleted = false offset 0) as m
              join conversations c on c.id = m.conversation_id
              where m.search_vector @@ ${tsQuery}`
          : sql`messages m
              join conversations c on c.id = m.conversation_id
              where m.search_vector @@ ${tsQuery} and m.is_deleted = false and ${readable}`;
        const { rows } = await sql<RawHit>`select ${columns} from ${searched} order by m.id desc limit ${limit}`.execute(db);
        return rows.map(toHit);
      }

      if (fewToRead) {
        const newestFirst = db
          .selectFrom('messages as m')
          .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
          .select([
            'm.id',
            'm.conversation_id',
            'm.sender_id',
            'm.content',
            'm.reply_to_message_id',
            'm.thread_parent_id',
            'm.client_message_id',
            'm.is_deleted',
            'm.created_at',
            'm.updated_at',
            'm.edited_at',
            'c.name as conversation_name',
            'c.image as conversation_image',
            'c.is_group as conversation_is_group',
          ])
          .where('m.conversation_id', 'in', conversationIds)
          .where('m.is_deleted', '=', false)
          .orderBy('m.id', 'desc');
        const hits: SearchHitRow[] = [];
        for await (const row of newestFirst.stream(200)) {
          if (hasEveryTermAsWordStart(row.content, terms)) hits.push(toHit(row));
          if (hits.length === limit) break;
        }
        return hits;
      }

      // Ordered by the index's own rowid, FTS5 hands out matches newest first and the LIMIT
      // stops the walk at the 50th readable one; ordered by m.id it would sort every match.
      const { rows } = await sql<RawHit>`
        select ${columns}
        from messages_fts
        join messages m on m.id = messages_fts.rowid
        join conversations c on c.id = m.conversation_id
        where messages_fts match ${terms.map((term) => `"${term}"*`).join(' ')}
          and m.is_deleted = 0 and ${readable}
        order by messages_fts.rowid desc
        limit ${limit}`.execute(db);
      return rows.map(toHit);
    },
  };
};

export type SearchRepository = ReturnType<typeof createSearchRepository>;

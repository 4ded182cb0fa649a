/**
 * Full-text search over message text (000 §5, docs/DESIGN.md, "Search on two databases").
 * - SQLite: an FTS5 table with external content on messages, kept in step by triggers, so
 *   a send, an edit of content and a delete (content blanked) change the index in the same
 *   transaction as the row.
 * - PostgreSQL: a generated tsvector column with a GIN index; the database keeps it in step.
 * Both tokenise the same way for ordinary words: lower-cased, split on anything that is not a
 * letter or digit, accents kept (so 'pena' does not find 'peña' on either).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

export const messageSearch = (dialect: DialectName): Migration =>
  dialect === 'postgres'
    ? {
        async up(db: Kysely<unknown>) {
          await sql`alter table messages add column search_vector tsvector
            generated always as (to_tsvector('simple', content)) stored`.execute(db);
          await sql`create index messages_search_vector on messages using gin (search_vector)`.execute(db);
        },
        async down(db: Kysely<unknown>) {
          await sql`drop index if exists messages_search_vector`.execute(db);
          await sql`alter table messages drop column if exists search_vector`.execute(db);
        },
      }
    : {
        async up(db: Kysely<unknown>) {
          await sql`create virtual table messages_fts using fts5(
            content, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 0'
          )`.execute(db);
          await sql`create trigger messages_fts_insert after insert on messages begin
            insert into messages_fts(rowid, content) values (new.id, new.content);
          end`.execute(db);
          await sql`create trigger messages_fts_delete after delete on messages begin
            insert into messages_fts(messages_fts, rowid, content) values ('delete', old.id, old.content);
          end`.execute(db);
          await sql`create trigger messages_fts_update after update of content on messages begin
            insert into messages_fts(messages_fts, rowid, content) values ('delete', old.id, old.content);
            insert into messages_fts(rowid, content) values (new.id, new.content);
          end`.execute(db);
          // Messages stored before this migration.
          await sql`insert into messages_fts(messages_fts) values ('rebuild')`.execute(db);
        },
        async down(db: Kysely<unknown>) {
          for (const trigger of ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update']) {
            await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
          }
          await sql`drop table if exists messages_fts`.execute(db);
        },
      };

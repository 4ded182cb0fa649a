/**
 * Fixtures written straight into the browser tests' SQLite database (the server runs in WAL
 * mode, so a second connection may write while it serves). Used only where building the
 * data through the API would take longer than the test itself: a 10 000-message history.
 */
import path from 'node:path';
import Database from 'better-sqlite3';

export const e2eDatabaseFile = path.join(import.meta.dirname, '..', '.artifacts', 'data', 'internal-chat.sqlite');

/** A group owned by `username` holding `count` messages from them, oldest first; returns its id. */
export const createLongConversation = (username: string, name: string, count: number): number => {
  const db = new Database(e2eDatabaseFile);
  db.pragma('busy_timeout = 5000');
  try {
    return db.transaction(() => {
      const user = db.prepare('select id from users where username = ?').get(username) as { id: number } | undefined;
      if (!user) throw new Error(`no user ${username}`);
      const start = Date.now() - count * 60_000;
      const conversation = db
        .prepare(
          'insert into conversations (name, image, is_group, personal_key, created_by, last_message_at, created_at, updated_at) values (?, null, 1, null, ?, ?, ?, ?)',
        )
        .run(name, user.id, start, start, start);
      const conversationId = Number(conversation.lastInsertRowid);
      const insert = db.prepare(
        'insert into messages (conversation_id, sender_id, content, is_deleted, created_at, updated_at) values (?, ?, ?, 0, ?, ?)',
      );
      let lastId = 0;
      for (let index = 1; index <= count; index += 1) {
        const at = start + index * 60_000;
        lastId = Number(insert.run(conversationId, user.id, `History message ${index}`, at, at).lastInsertRowid);
      }
      db.prepare(
        'insert into conversation_members (conversation_id, user_id, is_admin, is_muted, is_pinned, last_read_message_id, joined_at) values (?, ?, 1, 0, 0, ?, ?)',
      ).run(conversationId, user.id, lastId, start);
      db.prepare('update conversations set last_message_id = ?, last_message_at = ? where id = ?').run(
        lastId,
        start + count * 60_000,
        conversationId,
      );
      return conversationId;
    })();
  } finally {
    db.close();
  }
};

/** Moves a message's sending time `minutes` into the past (found by its text), as if sent then. */
export const backdateMessage = (content: string, minutes: number) => {
  const db = new Database(e2eDatabaseFile);
  db.pragma('busy_timeout = 5000');
  try {
    const changed = db.prepare('update messages set created_at = created_at - ? where content = ?').run(minutes * 60_000, content);
    if (changed.changes !== 1) throw new Error(`expected one message "${content}", found ${changed.changes}`);
  } finally {
    db.close();
  }
};

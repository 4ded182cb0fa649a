// Staff in bulk for the connection benchmark, written straight into the server's SQLite file
// while the server is stopped (minutes of sign-ups through the API would measure scrypt, not
// sockets), and session tokens minted with the server's own secret, as its login would.
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';

/**
 * `people` active staff in groups of `groupSize` (the first of each group its admin), all
 * with the password of the demo's Maria. Answers their ids in order.
 */
export const addStaffInGroups = (sqliteFile, { people, groupSize, tag }) => {
  const db = new Database(sqliteFile);
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const { password_hash: passwordHash, department_id: departmentId } = db
    .prepare("select password_hash, department_id from users where username_key = 'maria.santos'")
    .get();
  const insertUser = db.prepare(
    'insert into users (email_address, email_key, username, username_key, first_name, last_name, display_name, department_id, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id',
  );
  const insertConversation = db.prepare(
    'insert into conversations (name, is_group, created_by, last_message_at, created_at, updated_at) values (?, 1, ?, ?, ?, ?) returning id',
  );
  const insertMember = db.prepare(
    'insert into conversation_members (conversation_id, user_id, is_admin, is_muted, is_pinned, last_read_message_id, joined_at) values (?, ?, ?, 0, 0, 0, ?)',
  );
  const ids = [];
  db.transaction(() => {
    for (let index = 0; index < people; index += 1) {
      const name = `${tag}${index}`;
      const email = `${name}@bench.local`;
      ids.push(insertUser.get(email, email, name, name, 'Bench', name, `Bench ${name}`, departmentId, passwordHash, now, now).id);
    }
    for (let start = 0; start < people; start += groupSize) {
      const members = ids.slice(start, start + groupSize);
      const { id } = insertConversation.get(`Bench group ${start / groupSize}`, members[0], now, now, now);
      members.forEach((userId, position) => insertMember.run(id, userId, position === 0 ? 1 : 0, now));
    }
  })();
  db.close();
  return ids;
};

/** A session token for this user, signed as the server signs them (auth/tokens.ts). */
export const mintToken = (secret, userId, { version = 0, lifetimeMs = 2 * 3600_000 } = {}) =>
  new SignJWT({ ver: version, rem: false })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer('internal-chat')
    .setIssuedAt()
    .setExpirationTime(Math.floor((Date.now() + lifetimeMs) / 1000))
    .sign(new TextEncoder().encode(secret));

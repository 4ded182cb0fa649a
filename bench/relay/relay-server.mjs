// The yardstick of the live benchmark: a bare Socket.IO relay on the same workload. It takes
// the product's send call (POST /api/v1/messages/:id, multipart with a `data` JSON part),
// and emits the message to the conversation's room, as the product does, with nothing else:
// no sign-in, no checks, no sidebar. With `--insert` it first writes one SQLite row per
// message (WAL, a prepared statement), the least a server that keeps messages must do.
//   node bench/relay/relay-server.mjs PORT [--insert DATA_DIR]
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Server } from 'socket.io';

const port = Number(process.argv[2]);
const insertAt = process.argv.indexOf('--insert');
const dataDir = insertAt > 0 ? process.argv[insertAt + 1] : undefined;

let insert;
if (dataDir) {
  const db = new Database(path.join(dataDir, 'relay.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table if not exists messages (id integer primary key autoincrement, conversation_id integer not null, sender_id integer not null, content text not null, created_at integer not null)');
  const statement = db.prepare('insert into messages (conversation_id, sender_id, content, created_at) values (?, ?, ?, ?)');
  insert = (conversationId, content, time) => Number(statement.run(conversationId, 0, content, time).lastInsertRowid);
}

/** The `data` part of a multipart body: the JSON between its headers and the next boundary. */
const dataPart = (body, contentType) => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!boundary) return JSON.parse(body);
  const marker = `--${boundary[1] ?? boundary[2]}`;
  for (const part of body.split(marker)) {
    if (!/name="data"/.test(part)) continue;
    const start = part.indexOf('\r\n\r\n');
    return JSON.parse(part.slice(start + 4, part.lastIndexOf('\r\n')));
  }
  throw new Error('no data part');
};

let nextId = 1;
const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/readyz') {
    response.end('{"status":"ok"}');
    return;
  }
  const match = /^\/api\/v1\/messages\/(\d+)$/.exec(request.url ?? '');
  if (request.method !== 'POST' || !match) {
    response.statusCode = 404;
    response.end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    try {
      const conversationId = Number(match[1]);
      const { message } = dataPart(Buffer.concat(chunks).toString('utf8'), request.headers['content-type']);
      const time = Date.now();
      const id = insert ? insert(conversationId, message, time) : nextId++;
      const record = { id, conversation_id: conversationId, sender_id: 0, chat_id: null, type: 'user-chat', data: { id, conversation_id: conversationId, content: message, createdAt: new Date(time).toISOString() } };
      io.to(`conversation:${conversationId}`).emit('message', record);
      response.setHeader('content-type', 'application/json');
      response.statusCode = 201;
      response.end(JSON.stringify({ success: true, message: record.data }));
    } catch {
      response.statusCode = 400;
      response.end('{"success":false}');
    }
  });
});

const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  socket.on('join', ({ room }, ack) => {
    void socket.join(`conversation:${room}`);
    if (typeof ack === 'function') ack('OK');
  });
});

server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});

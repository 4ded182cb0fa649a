/**
 * The calls chat tests make over and over: signing the demo staff in, sending (in the main
 * chat or in a thread), creating a group and opening a real socket.io-client as someone.
 */
import type { Message } from '@ichat/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from './test-server.js';

type Body = Record<string, unknown> & { success: boolean; message?: unknown };

export interface TestFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export const createChatClient = async (server: TestServer, usernames: string[]) => {
  const tokens: Record<string, string> = {};
  for (const username of usernames) tokens[username] = await server.login(username);
  /** Demo user ids by display name ('Maria Santos'); the directory leaves the caller out, so two ask. */
  const ids: Record<string, number> = {};
  for (const asker of usernames.slice(0, 2)) {
    const users = await server.request<{ users: { id: number; display_name: string }[] }>('GET', '/api/v1/users', { token: tokens[asker] });
    for (const user of users.body.users) ids[user.display_name] = user.id;
  }
  const sockets: Socket[] = [];

  const call = <B = Body>(user: string, method: string, url: string, json?: unknown): Promise<ApiResponse<B>> =>
    server.request<B>(method, url, { token: tokens[user], json });
  const get = <B = Body>(user: string, url: string) => call<B>(user, 'GET', url);

  const send = (
    user: string,
    conversationId: number,
    data: Record<string, unknown>,
    options: { threadParentId?: number; files?: TestFile[]; fileField?: string } = {},
  ) => {
    const form = new FormData();
    form.append('data', JSON.stringify(data));
    const field = options.fileField ?? (options.threadParentId ? 'attachments' : 'message_attachments');
    for (const file of options.files ?? []) {
      form.append(field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
    }
    const url = options.threadParentId
      ? `/api/v1/messages/${conversationId}/${options.threadParentId}`
      : `/api/v1/messages/${conversationId}`;
    return server.request<{ message: Message } & Body>('POST', url, { token: tokens[user], form });
  };

  /** A group made by `creator` with the named members; answers its id. */
  const createGroup = async (creator: string, name: string, memberNames: string[]) => {
    const form = new FormData();
    form.append('data', JSON.stringify({ name, conversation_member_ids: memberNames.map((member) => ids[member]), is_group: true }));
    const created = await server.request<{ conversation_id: number }>('POST', '/api/v1/conversations', { token: tokens[creator], form });
    if (created.status !== 201 && created.status !== 200) throw new Error(`group ${name} was not created: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.conversation_id;
  };

  /** A connected socket of `user` (closed by closeSockets). */
  const openSocket = async (user: string): Promise<Socket> => {
    const socket = connect(server.baseUrl, {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      reconnection: false,
      auth: { token: tokens[user] },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };

  const joinRoom = async (socket: Socket, room: number) => {
    const answer = (await socket.timeout(3_000).emitWithAck('join', { room })) as string;
    if (answer !== 'OK') throw new Error(`join ${room}: ${answer}`);
  };

  const closeSockets = () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  };

  return { tokens, ids, call, get, send, createGroup, openSocket, joinRoom, closeSockets };
};

export type ChatClient = Awaited<ReturnType<typeof createChatClient>>;

/**
 * One test file's chat setup: a fresh server, these people signed in, and a group that the
 * room's creator made with its members.
 */
export const openChatRoom = async (usernames: string[], room: { creator: string; name: string; members: string[] }) => {
  const server = await startTestServer();
  const chat = await createChatClient(server, usernames);
  const groupId = await chat.createGroup(room.creator, room.name, room.members);
  return {
    server,
    chat,
    groupId,
    close: async () => {
      chat.closeSockets();
      await server.close();
    },
  };
};

/** A fresh server with these people signed in to chat, and the administrator's token. */
export const startChatServer = async (usernames: string[]) => {
  const server = await startTestServer();
  return { server, chat: await createChatClient(server, usernames), adminToken: await server.login('admin') };
};

/** A test file's server with these staff and the administrator signed in: handed to `started` before the file's tests, stopped after them. */
export const useChatServer = (usernames: string[], started: (fixture: Awaited<ReturnType<typeof startChatServer>>) => void) => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const fixture = await startChatServer(usernames);
    server = fixture.server;
    started(fixture);
  });
  afterAll(() => server?.close());
};

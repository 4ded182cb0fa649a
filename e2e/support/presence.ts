/**
 * Whether the server still holds a socket of a person: asked as the page asks, by announcing
 * an observer with `user_online` and reading the presence list it answers with. A test that
 * closed a person's tab waits here until the server has seen it go, since the server pushes
 * nothing while a tab of theirs is open and visible.
 */
import { expect } from '@playwright/test';
import { io } from 'socket.io-client';

const isOnlineNow = (origin: string, observerToken: string, userId: number) =>
  new Promise<boolean>((resolve, reject) => {
    const socket = io(origin, { path: '/socket.io', transports: ['websocket'], auth: { token: observerToken }, reconnection: false });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
    socket.once('update_user_list', (list: { user_id: number; is_online: boolean }[]) => {
      socket.close();
      resolve(list.some((entry) => entry.user_id === userId && entry.is_online));
    });
    socket.once('connect', () => socket.emit('user_online', {}));
  });

export const waitUntilGone = async (origin: string, observerToken: string, userId: number) => {
  // A tab closed while its socket was still long-polling (before the websocket upgrade) is
  // seen gone only when its heartbeat lapses: Socket.IO's pingInterval + pingTimeout, 45 s.
  await expect.poll(() => isOnlineNow(origin, observerToken, userId), { timeout: 60_000, intervals: [250, 500, 1_000] }).toBe(false);
};

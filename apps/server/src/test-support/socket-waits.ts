/** Waiting for socket.io-client events in tests. */
import type { Socket } from 'socket.io-client';

/** The next `event` on `socket` that `accept` takes, or a rejection after `ms`. */
export const nextEvent = <T,>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true, ms = 3_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching '${event}' within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

/** Everything `event` brings on `socket` during `ms`. */
export const collect = async <T,>(socket: Socket, event: string, ms: number): Promise<T[]> => {
  const seen: T[] = [];
  const listener = (payload: T) => seen.push(payload);
  socket.on(event, listener);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event, listener);
  return seen;
};

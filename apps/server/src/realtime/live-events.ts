/**
 * The one path from a committed change to the live socket. Services publish a LiveEvent
 * after their transaction commits; the gateway (realtime/gateway.ts) is the only subscriber
 * that maps events to rooms. Routes never emit.
 */
import { EventEmitter } from 'node:events';

export type SessionEndReason = 'logout' | 'password-changed' | 'deactivated';

export type LiveEvent = { type: 'session-ended'; userId: number; reason: SessionEndReason };

export type LiveEventListener = (event: LiveEvent) => void;

export interface LiveEvents {
  publish(event: LiveEvent): void;
  subscribe(listener: LiveEventListener): () => void;
}

export const createLiveEvents = (): LiveEvents => {
  const emitter = new EventEmitter();
  return {
    publish: (event) => {
      emitter.emit('event', event);
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
};

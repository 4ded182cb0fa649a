/**
 * One push to one browser (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID):
 * web-push encrypts the payload and signs the VAPID header; the request itself goes out with
 * fetch, which speaks http as well as https (web-push's own transport is https only), so a
 * local stand-in push service can take it in tests. The push service's answer reads as sent,
 * gone (404 or 410: the browser dropped the subscription) or failed (kept for the next time).
 */
import webPush from 'web-push';
import type { VapidKeys } from '../../config.js';
import type { StoredSubscription } from './push.repository.js';

/** A push waits at most a day at the push service; the bell keeps everything anyway. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone'; status: number } | { outcome: 'failed'; error: unknown };

export const createPushSender = ({ vapid, subject }: { vapid: VapidKeys; subject: string }) => {
  const vapidDetails = { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    /** `topic` lets the push service replace a push still waiting for the browser with the newer one of the same tag. */
    async send(subscription: StoredSubscription, payload: string, topic: string): Promise<PushOutcome> {
      try {
        const request = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
          vapidDetails,
          contentEncoding: 'aes128gcm',
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          topic,
        });
        // fetch sets the length itself from the body.
        const headers = Object.entries(request.headers).flatMap(([name, value]) => (name.toLowerCase() === 'content-length' ? [] : [[name, String(value)] as [string, string]]));
        const body = request.body === null ? null : new Uint8Array(request.body);
        const response = await fetch(request.endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
        await response.body?.cancel();
        if (response.ok) return { outcome: 'sent' };
        if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status };
        return { outcome: 'failed', error: new Error(`the push service answered ${response.status}`) };
      } catch (error) {
        return { outcome: 'failed', error };
      }
    },
  };
};

export type PushSender = ReturnType<typeof createPushSender>;

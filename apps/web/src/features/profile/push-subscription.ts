/**
 * This browser's Web Push subscription (issue 19; docs/DECISIONS.md, "Push, edits and
 * notification preferences (issue 19)"): subscribe with the server's VAPID key and store the
 * subscription for the signed-in person, or drop it. Nothing here pretends: a browser without
 * the Push API, a blocked permission or a push service that refuses each end in its own state.
 */
import { routes, type PushSubscriptionBody } from '@ichat/shared';
import { callApi } from '../../lib/api-client';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const isPushSupported = (): boolean =>
  'serviceWorker' in navigator && typeof window.PushManager === 'function' && typeof window.Notification === 'function';

/** The server's key (base64url) as the bytes PushManager.subscribe takes. */
export const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
};

/** The app's service worker once active; none where it was never registered (the dev server). */
const registration = async (): Promise<ServiceWorkerRegistration | null> =>
  (await navigator.serviceWorker.getRegistration()) ? navigator.serviceWorker.ready : null;

const currentSubscription = async (): Promise<PushSubscription | null> => (await registration())?.pushManager.getSubscription() ?? null;

export const pushState = async (): Promise<PushState> => {
  if (!isPushSupported() || !(await registration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
};

/** PushSubscription.toJSON(), as the contract spells it; the server checks the keys. */
const subscriptionBody = (subscription: PushSubscription): PushSubscriptionBody => {
  const { keys } = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
};

const store = (subscription: PushSubscription) => callApi(routes.push.subscribe, { body: subscriptionBody(subscription) });

/** Asks for permission, subscribes under the server's key (again, if the key changed) and stores it. */
export const turnPushOn = async (): Promise<PushState> => {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { public_key } = await callApi(routes.push.publicKey);
  const key = keyBytes(public_key);
  const active = await registration();
  if (!active) return 'unsupported';
  const { pushManager } = active;
  let subscription = await pushManager.getSubscription();
  const heldKey = subscription?.options.applicationServerKey;
  if (subscription && heldKey && !sameBytes(new Uint8Array(heldKey), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await store(subscription);
  return 'on';
};

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, index) => byte === b[index]);

export const turnPushOff = async (): Promise<PushState> => {
  const subscription = await currentSubscription();
  if (subscription) {
    await callApi(routes.push.unsubscribe, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
};

/**
 * After signing in: logging out removed the browser's subscription on the server, so one this
 * browser still holds is stored again for whoever is signed in now.
 */
export const restorePushSubscription = async (): Promise<void> => {
  if (!isPushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await store(subscription);
};

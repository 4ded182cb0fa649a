/**
 * Web Push (issue 19): the server's VAPID public key and each browser's subscription. What is
 * pushed, to whom and when is in policies/notifications.ts; the payload is pushPayloadSchema.
 */
import { messageOnlySchema } from '../schemas/common.js';
import { pushPublicKeyResponseSchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from '../schemas/notifications.js';
import { routeGroup } from './define.js';

const { get, post, delete: remove } = routeGroup(['push']);

export const pushRoutes = {
  publicKey: get('/api/v1/push/public-key', 'The server’s VAPID public key, for PushManager.subscribe', {
    description:
      'Pass `public_key` as `applicationServerKey` (base64url, decoded to bytes). A browser subscribed under another key must subscribe again.',
    response: pushPublicKeyResponseSchema,
  }),
  subscribe: post('/api/v1/push/subscriptions', 'Turn push on for this browser: store its subscription for the caller', {
    description:
      'Body: `PushSubscription.toJSON()`, {endpoint, keys: {p256dh, auth}} (expirationTime is ignored). The same endpoint again updates its keys; an endpoint another person had (a shared browser) becomes the caller’s. Pushes then come for direct messages, mentions, @All and approval events while no tab of the caller is visible (the page reports it with the socket event `visibility`), as their notification levels, do not disturb and quiet hours allow. Each push is an encrypted JSON {title, body, url, tag}. A subscription the push service says is gone (404, 410) is dropped.',
    body: pushSubscriptionBodySchema,
    response: messageOnlySchema,
    statuses: [201],
    refusals: [400],
  }),
  unsubscribe: remove('/api/v1/push/subscriptions', 'Turn push off for this browser', {
    description: 'Body {endpoint}. Only the caller’s own subscription; any other is 404.',
    body: pushUnsubscribeBodySchema,
    response: messageOnlySchema,
    refusals: [400, 404],
  }),
};

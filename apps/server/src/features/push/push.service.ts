/**
 * Web Push (docs/DECISIONS.md, "Push, edits and notification preferences (issue 19)"):
 * browsers' subscriptions, and pushes for what concerns a person (a direct message, a
 * mention, @All, an approval event) while no tab of theirs is visible.
 *
 * Who gets one is the shared rule (`shouldPush`, packages/shared/src/policies/notifications.ts)
 * applied to the person's level, do not disturb, quiet hours and tabs. Pushing never delays or
 * fails what caused it: it starts after the cause has committed and answered, off the request's
 * path, and every failure is logged, never thrown. A subscription the push service says is gone
 * is dropped; other failures keep it for the next time.
 */
import {
  isPushedKind,
  quietHoursFrom,
  shouldPush,
  type AlertKind,
  type Message,
  type NotificationLevel,
  type NotificationType,
  type PushPayload,
  type PushSubscriptionBody,
} from '@ichat/shared';
import { nowMs } from '../../db/values.js';
import { badRequest, notFound } from '../../errors.js';
import type { Attention } from '../../realtime/socket-server.js';
import { isPushedRequestType, messagePayload, requestPayload } from './push-payload.js';
import type { PushRepository } from './push.repository.js';
import type { PushSender } from './push-sender.js';

/** Pushes in flight at once: an @All in a large group does not open hundreds of connections. */
const SENDS_AT_ONCE = 16;

export const HTTP_ENDPOINT_REFUSED = 'endpoint must be the https address of a push service.';
export const SUBSCRIPTION_NOT_FOUND = 'That push subscription does not exist.';

/** A message's recipients, each with what the message is to them (chat decides, from its roster). */
export interface MessagePush {
  message: Message;
  recipients: readonly { userId: number; kind: AlertKind }[];
}

/** A stored bell notification, as notifications hands it over once committed. */
export interface StoredNotification {
  recipientId: number;
  senderId: number | null;
  type: NotificationType;
  formRequestId?: number | null | undefined;
  isReminder?: boolean | undefined;
}

/** Runs `task` over the items, at most `limit` at a time. */
const eachAtMost = async <Item,>(items: readonly Item[], limit: number, task: (item: Item) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

export const createPushService = ({
  repo,
  sender,
  attention,
  publicKey,
  allowHttpEndpoints,
  onError,
}: {
  repo: PushRepository;
  sender: PushSender;
  attention: Attention;
  publicKey: string;
  allowHttpEndpoints: boolean;
  /** A push that failed (its cause has long answered): logged, never thrown. */
  onError: (error: unknown, context: string) => void;
}) => {
  const inFlight = new Set<Promise<void>>();

  /** Starts `work` once the current request has answered; `idle()` waits for it. */
  const later = (context: string, work: () => Promise<void>) => {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => onError(error, context))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };

  /**
   * Pushes one thing to the people it may reach: those with a subscription whom the rule lets
   * it reach. Their tabs are asked last, and only about those still in question, as it is the
   * one question that goes to every process; the payload is made only if someone gets it.
   */
  const deliver = async (
    recipients: readonly { userId: number; kind: AlertKind }[],
    conversationId: number | null,
    payloadFor: (previews: boolean) => Promise<PushPayload>,
  ) => {
    const wanted = recipients.filter((recipient) => isPushedKind(recipient.kind));
    const rows = await repo.audience(
      wanted.map((recipient) => recipient.userId),
      conversationId,
    );
    const subscriptionsOf = new Map<number, typeof rows>();
    for (const row of rows) subscriptionsOf.set(row.user_id, [...(subscriptionsOf.get(row.user_id) ?? []), row]);
    const now = nowMs();
    const reaches = ({ userId, kind }: (typeof wanted)[number], tabs: { visible: ReadonlySet<number>; viewing: ReadonlySet<number> }) => {
      const person = subscriptionsOf.get(userId)?.[0];
      return (
        person !== undefined &&
        shouldPush({
          kind,
          // Not a member (any more) of the conversation: nothing of it is theirs to hear.
          level: conversationId === null ? 'all' : ((person.notification_level ?? 'nothing') as NotificationLevel),
          dndUntil: person.dnd_until,
          quietHours: quietHoursFrom(person.quiet_hours_from, person.quiet_hours_to, person.quiet_hours_time_zone),
          now,
          isActive: person.is_active,
          hasVisibleTab: tabs.visible.has(userId),
          isLookingAtConversation: tabs.viewing.has(userId),
        })
      );
    };
    const noTabs = { visible: new Set<number>(), viewing: new Set<number>() };
    const candidates = wanted.filter((recipient) => reaches(recipient, noTabs));
    if (candidates.length === 0) return;
    const tabs = await attention.lookingAt([...new Set(candidates.map((candidate) => candidate.userId))], conversationId);
    const payloads = new Map<boolean, Promise<PushPayload>>();
    const sends: { row: (typeof rows)[number]; payload: PushPayload }[] = [];
    for (const recipient of candidates.filter((candidate) => reaches(candidate, tabs))) {
      const subscriptions = subscriptionsOf.get(recipient.userId)!;
      const previews = subscriptions[0]!.push_previews;
      if (!payloads.has(previews)) payloads.set(previews, payloadFor(previews));
      const payload = await payloads.get(previews)!;
      for (const row of subscriptions) sends.push({ row, payload });
    }

    const pushed: number[] = [];
    await eachAtMost(sends, SENDS_AT_ONCE, async ({ row, payload }) => {
      const result = await sender.send(row, JSON.stringify(payload), payload.tag);
      if (result.outcome === 'sent') pushed.push(row.id);
      else if (result.outcome === 'gone') await repo.removeById(row.id);
      else onError(result.error, `push to subscription ${row.id}`);
    });
    await repo.markPushed(pushed, now);
  };

  return {
    publicKey: () => publicKey,

    async subscribe(userId: number, body: PushSubscriptionBody, userAgent: string | undefined) {
      if (!allowHttpEndpoints && new URL(body.endpoint).protocol !== 'https:') throw badRequest(HTTP_ENDPOINT_REFUSED);
      await repo.upsert({
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh.replace(/=+$/, ''),
        auth: body.keys.auth.replace(/=+$/, ''),
        userAgent: userAgent ? userAgent.slice(0, 512) : null,
        time: nowMs(),
      });
      return { message: 'Push notifications are on for this browser.' };
    },

    async unsubscribe(userId: number, endpoint: string) {
      if (!(await repo.remove(userId, endpoint))) throw notFound(SUBSCRIPTION_NOT_FOUND);
      return { message: 'Push notifications are off for this browser.' };
    },

    /** A message was stored (or an edit named new people): pushed to its recipients, later. */
    messagePosted({ message, recipients }: MessagePush) {
      if (!recipients.some((recipient) => isPushedKind(recipient.kind))) return;
      later(`push of message ${message.id}`, async () => {
        // Read once, and only when someone gets the push.
        let conversation: ReturnType<PushRepository['conversation']> | undefined;
        await deliver(recipients, message.conversation_id, async (previews) => {
          conversation ??= repo.conversation(message.conversation_id);
          return messagePayload(message, (await conversation) ?? { name: null, is_group: false }, previews);
        });
      });
    },

    /** Bell notifications were stored: the approval events among them are pushed, later. */
    notificationsStored(notifications: readonly StoredNotification[]) {
      const events = notifications.flatMap((notification) =>
        isPushedRequestType(notification.type) && notification.formRequestId ? [{ ...notification, type: notification.type, formRequestId: notification.formRequestId }] : [],
      );
      if (events.length === 0) return;
      later('push of request notifications', async () => {
        // Read once, and only when someone gets a push.
        let facts: Promise<[Awaited<ReturnType<PushRepository['requests']>>, Map<number, string>]> | undefined;
        const readFacts = () =>
          (facts ??= Promise.all([
            repo.requests(events.map((event) => event.formRequestId)),
            repo.displayNames(events.flatMap((event) => (event.senderId === null ? [] : [event.senderId]))),
          ]));
        // One push per event of one request (the approvers asked together), with its recipients.
        const byEvent = new Map<string, (typeof events)[number][]>();
        for (const event of events) {
          const key = `${event.type}|${event.formRequestId}|${event.isReminder === true}|${event.senderId}`;
          byEvent.set(key, [...(byEvent.get(key) ?? []), event]);
        }
        for (const group of byEvent.values()) {
          const { type, formRequestId, isReminder, senderId } = group[0]!;
          const recipients = group.map((event) => ({ userId: event.recipientId, kind: 'approval' as const }));
          await deliver(recipients, null, async (previews) => {
            const [requests, names] = await readFacts();
            const request = requests.get(formRequestId);
            if (!request) throw new Error(`request ${formRequestId} vanished`);
            const senderName = senderId === null ? null : (names.get(senderId) ?? null);
            return requestPayload({ type, isReminder: isReminder === true, requestId: request.id, referenceId: request.reference_id, formType: request.form_type, senderName }, previews);
          });
        }
      });
    },

    /** Resolves once every push started so far has finished (shutdown, tests). */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
};

export type PushService = ReturnType<typeof createPushService>;

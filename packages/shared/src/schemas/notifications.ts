/**
 * Notification preferences and Web Push (issue 19): a conversation's level for the caller,
 * the caller's do not disturb, quiet hours and previews, and a browser's push subscription.
 * The rules that read them are in policies/notifications.ts.
 */
import { z } from 'zod';
import { DISPLAY_TIME_ZONE } from '../constants.js';
import { isTimeOfDay, isTimeZone, NOTIFICATION_LEVELS } from '../policies/notifications.js';
import { isoDateSchema, successSchema } from './common.js';

const LEVEL_TEXT = 'Level must be all, mentions or nothing.';
export const notificationLevelSchema = z.enum(NOTIFICATION_LEVELS, { error: LEVEL_TEXT });

/** PUT /api/v1/conversations/{id}/notification-level. */
export const notificationLevelBodySchema = z.object({ level: notificationLevelSchema }, { error: LEVEL_TEXT });
export const notificationLevelResponseSchema = successSchema({ notification_level: notificationLevelSchema });

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time of day as HH:MM, such as 22:00.` })
    .refine(isTimeOfDay, { error: `${label} must be a time of day as HH:MM, such as 22:00.` });

export const quietHoursSchema = z
  .object(
    {
      from: timeOfDay('The start of quiet hours'),
      to: timeOfDay('The end of quiet hours'),
      time_zone: z
        .string({ error: 'The time zone must be a name such as Asia/Manila.' })
        .refine(isTimeZone, { error: 'The time zone must be a name such as Asia/Manila.' })
        .default(DISPLAY_TIME_ZONE),
    },
    { error: 'Quiet hours must be {from, to, time_zone} or null.' },
  )
  .refine((hours) => hours.from !== hours.to, { error: 'Quiet hours must start and end at different times.' });

/**
 * The caller's own settings. Do not disturb and quiet hours silence every chime, flash and push
 * (the bell and unread counts still count); previews off makes a push say only "New message"
 * or "New request".
 */
export const notificationSettingsSchema = z.object({
  /** Until then (ISO, UTC) nothing sounds or is pushed; null when off. */
  do_not_disturb_until: isoDateSchema.nullable(),
  /** Quiet every day from `from` to `to` (HH:MM, may cross midnight) in `time_zone`; null when off. */
  quiet_hours: quietHoursSchema.nullable(),
  /** Whether a push shows the sender's words; false: only who sent it. */
  push_previews: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsResponseSchema = successSchema(notificationSettingsSchema.shape);

/** PUT /api/v1/accounts/me/notification-settings: the keys to change; the others stay. */
export const notificationSettingsBodySchema = z
  .object(
    {
      do_not_disturb_until: z.iso
        .datetime({ offset: true, error: 'Do not disturb must end at a date and time (ISO 8601), or be null.' })
        .nullable()
        .optional(),
      quiet_hours: quietHoursSchema.nullable().optional(),
      push_previews: z.boolean({ error: 'push_previews must be true or false.' }).optional(),
    },
    { error: 'The notification settings are missing.' },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to update.' });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

// ---------------------------------------------------------------- web push

export const pushPublicKeyResponseSchema = successSchema({
  /** The server's VAPID public key (base64url): the browser's applicationServerKey. */
  public_key: z.string(),
});

const KEYS_TEXT = 'keys must hold the subscription’s p256dh and auth, as PushSubscription.toJSON() gives them.';

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it. p256dh is the browser's
 * P-256 public key (65 bytes, base64url: 87 characters starting with B), auth its 16-byte secret
 * (22 characters); padding is accepted.
 */
export const pushSubscriptionBodySchema = z.object(
  {
    endpoint: z
      .url({ protocol: /^https?$/, error: 'endpoint must be the push service’s http(s) address.' })
      .max(2048, { error: 'endpoint must be at most 2048 characters.' }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z.string({ error: KEYS_TEXT }).regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: 'keys.p256dh must be a P-256 public key in base64url.' }),
        auth: z.string({ error: KEYS_TEXT }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: 'keys.auth must be 16 bytes in base64url.' }),
      },
      { error: KEYS_TEXT },
    ),
  },
  { error: 'The push subscription is missing.' },
);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object(
  { endpoint: z.string({ error: 'endpoint is required.' }).min(1, { error: 'endpoint is required.' }).max(2048) },
  { error: 'endpoint is required.' },
);

/**
 * What a push carries (the service worker shows it): who (and where), a preview or "New
 * message" / "New request", the address to open (the message, or the request's detail), and a
 * tag per conversation or request, so a newer notification replaces the older one.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

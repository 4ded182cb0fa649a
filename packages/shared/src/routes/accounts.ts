/** Accounts (000 §7 Accounts), plus logout. */
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  updateMeDataSchema,
  updateMeResponseSchema,
  verifyTokenBodySchema,
  verifyTokenResponseSchema,
} from '../schemas/accounts.js';
import { messageOnlySchema } from '../schemas/common.js';
import { notificationSettingsBodySchema, notificationSettingsResponseSchema } from '../schemas/notifications.js';
import { routeGroup } from './define.js';

const { get, post, put } = routeGroup(['accounts']);

export const accountRoutes = {
  login: post('/api/v1/accounts/login', 'Sign in with an email address or username', {
    access: 'public',
    body: loginBodySchema,
    response: loginResponseSchema,
    refusals: [400, 401, 403, 429],
  }),
  logout: post('/api/v1/accounts/logout', 'End every session of the caller', { duringPasswordChange: true, response: messageOnlySchema }),
  register: post('/api/v1/accounts/register', 'Register a staff member (admins only)', {
    access: 'admin',
    body: registerBodySchema,
    response: registerResponseSchema,
    statuses: [201],
    refusals: [400, 403, 409],
  }),
  changePassword: post('/api/v1/accounts/change-password', 'Change the password; earlier tokens stop working and a new one is returned', {
    duringPasswordChange: true,
    body: changePasswordBodySchema,
    response: changePasswordResponseSchema,
    refusals: [400],
  }),
  me: get('/api/v1/accounts/me', 'The signed-in user', { duringPasswordChange: true, response: meResponseSchema }),
  updateMe: put('/api/v1/accounts/me', 'Update display name and profile photo', {
    description:
      'multipart/form-data: `data` is JSON {display_name}; `profile_photo` is an optional image (JPEG, PNG, WebP or GIF, at most 16 MB).',
    form: { data: updateMeDataSchema, files: { profile_photo: { maxCount: 1 } } },
    response: updateMeResponseSchema,
    refusals: [400, 413],
  }),
  notificationSettings: get('/api/v1/accounts/me/notification-settings', 'The caller’s do not disturb, quiet hours and push previews', {
    response: notificationSettingsResponseSchema,
  }),
  updateNotificationSettings: put('/api/v1/accounts/me/notification-settings', 'Change the caller’s do not disturb, quiet hours or push previews', {
    description:
      'Body: any of {do_not_disturb_until: ISO date and time in the future, or null; quiet_hours: {from: "HH:MM", to: "HH:MM", time_zone: IANA name, default Asia/Manila}, or null; push_previews: boolean}. Keys left out stay as they are. During do not disturb and quiet hours (which may cross midnight) nothing sounds, flashes or is pushed; the bell and unread counts still count. With previews off a push says "New message" or "New request" instead of the words. Answers the settings as they now are.',
    body: notificationSettingsBodySchema,
    response: notificationSettingsResponseSchema,
    refusals: [400],
  }),
  verifyToken: post('/api/v1/tokens/verify', 'Whether a token is still valid', {
    access: 'public',
    body: verifyTokenBodySchema,
    response: verifyTokenResponseSchema,
    refusals: [400],
  }),
};

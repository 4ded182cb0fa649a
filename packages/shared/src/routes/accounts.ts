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
  verifyToken: post('/api/v1/tokens/verify', 'Whether a token is still valid', {
    access: 'public',
    body: verifyTokenBodySchema,
    response: verifyTokenResponseSchema,
    refusals: [400],
  }),
};

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
import { defineRoute } from './define.js';

const tags = ['accounts'];

export const accountRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/v1/accounts/login',
    access: 'public',
    tags,
    summary: 'Sign in with an email address or username',
    body: loginBodySchema,
    response: loginResponseSchema,
    refusals: [400, 401, 403, 429],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/v1/accounts/logout',
    tags,
    summary: 'End every session of the caller',
    response: messageOnlySchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/v1/accounts/register',
    access: 'admin',
    tags,
    summary: 'Register a staff member (admins only)',
    body: registerBodySchema,
    response: registerResponseSchema,
    statuses: [201],
    refusals: [400, 403, 409],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/v1/accounts/change-password',
    tags,
    summary: 'Change the password; earlier tokens stop working and a new one is returned',
    body: changePasswordBodySchema,
    response: changePasswordResponseSchema,
    refusals: [400],
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/v1/accounts/me',
    tags,
    summary: 'The signed-in user',
    response: meResponseSchema,
  }),
  updateMe: defineRoute({
    method: 'PUT',
    path: '/api/v1/accounts/me',
    tags,
    summary: 'Update display name and profile photo',
    description:
      'multipart/form-data: `data` is JSON {display_name}; `profile_photo` is an optional image (JPEG, PNG, WebP or GIF, at most 16 MB).',
    form: { data: updateMeDataSchema, files: { profile_photo: { maxCount: 1 } } },
    response: updateMeResponseSchema,
    refusals: [400, 413],
  }),
  verifyToken: defineRoute({
    method: 'POST',
    path: '/api/v1/tokens/verify',
    access: 'public',
    tags,
    summary: 'Whether a token is still valid',
    body: verifyTokenBodySchema,
    response: verifyTokenResponseSchema,
    refusals: [400],
  }),
};

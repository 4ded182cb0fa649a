/** Accounts calls of 000 §7, plus logout. Thin: schema → service → response. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  messageOnlySchema,
  registerBodySchema,
  registerResponseSchema,
  updateMeDataSchema,
  updateMeResponseSchema,
  verifyTokenBodySchema,
  verifyTokenResponseSchema,
} from '@ichat/shared';
import { adminRoute, caller, publicRoute } from '../../http/authenticate.js';
import { badRequest } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { failures } from '../../http/route-schema.js';
import type { FileStore } from '../../storage/file-store.js';
import type { AccountsService } from './accounts.service.js';

export const accountsRoutes =
  ({ accounts, files }: { accounts: AccountsService; files: FileStore }) =>
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    app.post(
      '/api/v1/accounts/login',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Sign in with an email address or username',
          body: loginBodySchema,
          response: { 200: loginResponseSchema, ...failures(400, 401, 403, 429) },
        },
      },
      async (request) => ({ success: true as const, ...(await accounts.login(request.body, request.ip)) }),
    );

    app.post(
      '/api/v1/accounts/logout',
      {
        schema: { tags, summary: 'End every session of the caller', response: { 200: messageOnlySchema, ...failures(401) } },
      },
      async (request) => ({ success: true as const, ...(await accounts.logout(caller(request).id)) }),
    );

    app.post(
      '/api/v1/accounts/register',
      {
        config: adminRoute,
        schema: {
          tags,
          summary: 'Register a staff member (admins only)',
          body: registerBodySchema,
          response: { 201: registerResponseSchema, ...failures(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { success: true as const, ...(await accounts.register(request.body)) };
      },
    );

    app.post(
      '/api/v1/accounts/change-password',
      {
        schema: {
          tags,
          summary: 'Change the password; earlier tokens stop working and a new one is returned',
          body: changePasswordBodySchema,
          response: { 200: changePasswordResponseSchema, ...failures(400, 401) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await accounts.changePassword(caller(request), request.body)),
      }),
    );

    app.get(
      '/api/v1/accounts/me',
      {
        schema: { tags, summary: 'The signed-in user', response: { 200: meResponseSchema, ...failures(401) } },
      },
      async (request) => ({ success: true as const, user_details: await accounts.getMe(caller(request).id) }),
    );

    app.put(
      '/api/v1/accounts/me',
      {
        schema: {
          tags,
          summary: 'Update display name and profile photo',
          description:
            'multipart/form-data: `data` is JSON {display_name}; `profile_photo` is an optional image (JPEG, PNG, WebP or GIF, at most 16 MB).',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: updateMeResponseSchema, ...failures(400, 401, 413) },
        },
      },
      async (request) => {
        const upload = await readMultipart(request, files, {
          data: updateMeDataSchema,
          files: { profile_photo: { maxCount: 1 } },
        });
        try {
          const [photo] = upload.files;
          if (photo && photo.size === 0) throw badRequest('The profile photo is empty.');
          const result = await accounts.updateMe(caller(request).id, {
            displayName: upload.data.display_name,
            uploadedPhotoPath: photo?.path,
          });
          return { success: true as const, ...result };
        } finally {
          await upload.cleanup();
        }
      },
    );

    app.post(
      '/api/v1/tokens/verify',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Whether a token is still valid',
          body: verifyTokenBodySchema,
          response: { 200: verifyTokenResponseSchema, ...failures(400) },
        },
      },
      async (request) => ({ success: true as const, ...(await accounts.verifyToken(request.body.token)) }),
    );
  };

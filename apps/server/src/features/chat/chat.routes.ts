/**
 * The chat calls of 000 §7 (Conversations, Messages, Users, members, files, direct
 * messages) with their versions and response keys. Thin: schema → service → response.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addMemberBodySchema,
  conversationActionResponseSchema,
  conversationActionsResponseSchema,
  conversationDetailResponseSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationPageQuerySchema,
  conversationPageResponseSchema,
  conversationPatchBodySchema,
  conversationPatchResponseSchema,
  createConversationDataSchema,
  createConversationResponseSchema,
  deleteMessageResponseSchema,
  directMessageBodySchema,
  directMessageResponseSchema,
  filesResponseSchema,
  idParam,
  memberPatchBodySchema,
  messagePageQuerySchema,
  messagePositionResponseSchema,
  messagesResponseSchema,
  pinMessageResponseSchema,
  reactionBodySchema,
  reactionResponseSchema,
  searchBodySchema,
  searchResponseSchema,
  sendMessageDataSchema,
  sendMessageResponseSchema,
  threadDetailResponseSchema,
  threadReplyDataSchema,
  unreadCountResponseSchema,
  updateConversationDataSchema,
  usersResponseSchema,
} from '@ichat/shared';
import { z } from 'zod';
import { caller } from '../../http/authenticate.js';
import { badRequest, payloadTooLarge } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { failures } from '../../http/route-schema.js';
import type { FileStore } from '../../storage/file-store.js';
import { sendStoredFile } from '../../storage/send-file.js';
import type { ConversationsService } from './conversations.service.js';
import type { MessagesService } from './messages.service.js';
import type { ReactionsService } from './reactions.service.js';
import type { SearchService } from './search.service.js';

const conversationParams = z.object({ id: idParam('Conversation id') });
const messageParams = z.object({ conversationId: idParam('Conversation id'), messageId: idParam('Message id') });
const inConversationParams = z.object({ conversationId: idParam('Conversation id') });
const memberParams = z.object({ conversationId: idParam('Conversation id'), userId: idParam('User id') });

/** At most this many files ride on one message. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

export const chatRoutes =
  ({
    conversations,
    messages,
    reactions,
    search,
    files,
  }: {
    conversations: ConversationsService;
    messages: MessagesService;
    reactions: ReactionsService;
    search: SearchService;
    files: FileStore;
  }) =>
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['conversations'];
    const ok = true as const;

    // ---------------------------------------------------------------- conversations

    app.get(
      '/api/v1/conversations',
      {
        schema: { tags, summary: 'Every conversation of the caller, pinned first', response: { 200: conversationListResponseSchema, ...failures(401) } },
      },
      async (request) => ({ success: ok, conversations: await conversations.list(caller(request).id, null) }),
    );

    app.get(
      '/api/v2/conversations',
      {
        schema: {
          tags,
          summary: 'The caller’s personal or group conversations',
          querystring: conversationListQuerySchema,
          response: { 200: conversationListResponseSchema, ...failures(400, 401) },
        },
      },
      async (request) => ({
        success: ok,
        conversations: await conversations.list(caller(request).id, request.query.conversation_filter),
      }),
    );

    app.get(
      '/api/v3/conversations',
      {
        schema: {
          tags,
          summary: 'One page of the caller’s personal or group conversations',
          querystring: conversationPageQuerySchema,
          response: { 200: conversationPageResponseSchema, ...failures(400, 401) },
        },
      },
      async (request) => {
        const { conversation_filter, page, limit } = request.query;
        return { success: ok, ...(await conversations.listPage(caller(request).id, conversation_filter, page, limit)) };
      },
    );

    app.get(
      '/api/v2/conversations/unread-count',
      {
        schema: { tags, summary: 'Unread messages, personal and group', response: { 200: unreadCountResponseSchema, ...failures(401) } },
      },
      async (request) => ({ success: ok, count: await conversations.unreadCount(caller(request).id) }),
    );

    for (const version of ['v1', 'v2'] as const) {
      app.get(
        `/api/${version}/conversations/:id`,
        {
          schema: {
            tags,
            summary: 'One conversation with its members, pinned message and the caller’s permissions',
            params: conversationParams,
            response: { 200: conversationDetailResponseSchema, ...failures(400, 401, 404) },
          },
        },
        async (request) => ({ success: ok, conversation: await conversations.detail(caller(request).id, request.params.id) }),
      );
    }

    app.post(
      '/api/v1/conversations',
      {
        schema: {
          tags,
          summary: 'Create a group conversation; the creator is its admin',
          description: 'multipart/form-data: `data` is JSON {name, conversation_member_ids[], is_group: true}; `conversation_image` is an optional image.',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: createConversationResponseSchema, ...failures(400, 401, 413) },
        },
      },
      async (request, reply) => {
        const upload = await readMultipart(request, files, {
          data: createConversationDataSchema,
          files: { conversation_image: { maxCount: 1 } },
        });
        try {
          const [image] = upload.files;
          if (image && image.size === 0) throw badRequest('The conversation image is empty.');
          const result = await conversations.createGroup(caller(request), {
            name: upload.data.name,
            memberIds: upload.data.conversation_member_ids,
            uploadedImagePath: image?.path,
          });
          reply.code(201);
          return { success: ok, ...result };
        } finally {
          await upload.cleanup();
        }
      },
    );

    app.patch(
      '/api/v1/conversations/:id',
      {
        schema: {
          tags,
          summary: 'Pin/unpin the conversation for the caller, or leave it',
          params: conversationParams,
          body: conversationPatchBodySchema,
          response: { 200: conversationPatchResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({
        success: ok,
        ...(await conversations.patch(caller(request), request.params.id, request.body.action)),
      }),
    );

    app.put(
      '/api/v1/conversations/:id',
      {
        schema: {
          tags,
          summary: 'Rename a group or change its image (conversation admins only)',
          description: 'multipart/form-data: `data` is JSON {name}; `conversation_image` is an optional image.',
          consumes: ['multipart/form-data', 'application/json'],
          params: conversationParams,
          response: { 200: conversationActionResponseSchema, ...failures(400, 401, 403, 404, 413) },
        },
      },
      async (request) => {
        const upload = await readMultipart(request, files, {
          data: updateConversationDataSchema,
          files: { conversation_image: { maxCount: 1 } },
        });
        try {
          const [image] = upload.files;
          if (image && image.size === 0) throw badRequest('The conversation image is empty.');
          return {
            success: ok,
            ...(await conversations.update(caller(request), request.params.id, {
              name: upload.data.name,
              uploadedImagePath: image?.path,
            })),
          };
        } finally {
          await upload.cleanup();
        }
      },
    );

    app.get(
      '/api/v1/conversations/actions/:id',
      {
        schema: {
          tags,
          summary: 'The activity log, newest first',
          params: conversationParams,
          response: { 200: conversationActionsResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({
        success: ok,
        conversation_actions: await conversations.actions(caller(request).id, request.params.id),
      }),
    );

    // ---------------------------------------------------------------- messages

    const messageTags = ['messages'];

    app.get(
      '/api/v1/messages/:conversationId',
      {
        schema: {
          tags: messageTags,
          summary: 'A page of messages, oldest first; the newest page marks the conversation read',
          params: inConversationParams,
          querystring: messagePageQuerySchema,
          response: { 200: messagesResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({
        success: ok,
        ...(await messages.list(caller(request), request.params.conversationId, request.query)),
      }),
    );

    app.post(
      '/api/v1/messages/:conversationId',
      {
        schema: {
          tags: messageTags,
          summary: 'Send a message with optional attachments',
          description: `multipart/form-data: \`data\` is JSON {message, reply_to_message_id, mention_data[], client_message_id}; up to ${MAX_ATTACHMENTS_PER_MESSAGE} files as \`message_attachments\`, 16 MB each. A retry with the same client_message_id returns the stored message (200).`,
          consumes: ['multipart/form-data', 'application/json'],
          params: inConversationParams,
          response: { 200: sendMessageResponseSchema, 201: sendMessageResponseSchema, ...failures(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        const upload = await readMultipart(request, files, {
          data: sendMessageDataSchema,
          files: { message_attachments: { maxCount: MAX_ATTACHMENTS_PER_MESSAGE } },
        });
        try {
          const result = await messages.send(caller(request), request.params.conversationId, upload.data, upload.files);
          reply.code(result.created ? 201 : 200);
          return { success: ok, message: result.message };
        } finally {
          await upload.cleanup();
        }
      },
    );

    app.post(
      '/api/v1/messages/search/:conversationId',
      {
        schema: {
          tags: messageTags,
          summary: 'Search the messages of one conversation',
          params: inConversationParams,
          body: searchBodySchema,
          response: { 200: searchResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({
        success: ok,
        result: await search.inConversation(caller(request).id, request.params.conversationId, request.body.keyword),
      }),
    );

    // The document's path ends in a slash; the same call is answered without it too.
    for (const url of ['/api/v1/messages/global/search/', '/api/v1/messages/global/search']) {
      app.post(
        url,
        {
          schema: {
            tags: messageTags,
            summary: 'Search every conversation the caller belongs to',
            description: 'Every word of the keyword must start a word of the message. Best match first, at most 50.',
            body: searchBodySchema,
            response: { 200: searchResponseSchema, ...failures(400, 401) },
          },
        },
        async (request) => ({ success: ok, result: await search.global(caller(request).id, request.body.keyword) }),
      );
    }

    app.get(
      '/api/v1/messages/thread/:conversationId/:messageId',
      {
        schema: {
          tags: messageTags,
          summary: 'A thread: its parent message and every reply, oldest first',
          params: messageParams,
          response: { 200: threadDetailResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => {
        const { conversationId, messageId } = request.params;
        return { success: ok, thread_detail: await messages.thread(caller(request).id, conversationId, messageId) };
      },
    );

    app.post(
      '/api/v1/messages/:conversationId/:messageId',
      {
        schema: {
          tags: messageTags,
          summary: 'Reply in the thread of a message',
          description: `multipart/form-data: \`data\` is JSON {message, mention_data[], client_message_id}; the text is required. Up to ${MAX_ATTACHMENTS_PER_MESSAGE} files as \`attachments\` (or \`message_attachments\`), 16 MB each.`,
          consumes: ['multipart/form-data', 'application/json'],
          params: messageParams,
          response: { 200: sendMessageResponseSchema, 201: sendMessageResponseSchema, ...failures(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        const upload = await readMultipart(request, files, {
          data: threadReplyDataSchema,
          files: {
            attachments: { maxCount: MAX_ATTACHMENTS_PER_MESSAGE },
            message_attachments: { maxCount: MAX_ATTACHMENTS_PER_MESSAGE },
          },
        });
        try {
          if (upload.files.length > MAX_ATTACHMENTS_PER_MESSAGE) {
            throw payloadTooLarge(`At most ${MAX_ATTACHMENTS_PER_MESSAGE} files may be sent with one message.`);
          }
          const { conversationId, messageId } = request.params;
          const result = await messages.send(caller(request), conversationId, upload.data, upload.files, { threadParentId: messageId });
          reply.code(result.created ? 201 : 200);
          return { success: ok, message: result.message };
        } finally {
          await upload.cleanup();
        }
      },
    );

    app.put(
      '/api/v1/messages/:conversationId/:messageId',
      {
        schema: {
          tags: messageTags,
          summary: 'Add the caller’s reaction of a type to a message, or remove it when already there',
          params: messageParams,
          body: reactionBodySchema,
          response: { 200: reactionResponseSchema, ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { conversationId, messageId } = request.params;
        return { success: ok, ...(await reactions.toggle(caller(request), conversationId, messageId, request.body.reaction_type)) };
      },
    );

    app.delete(
      '/api/v1/messages/:conversationId/:messageId',
      {
        schema: {
          tags: messageTags,
          summary: 'Delete one of the caller’s own messages',
          params: messageParams,
          response: { 200: deleteMessageResponseSchema, ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { conversationId, messageId } = request.params;
        const { conversation_action } = await messages.remove(caller(request), conversationId, messageId);
        return { success: ok, conversation_action };
      },
    );

    app.get(
      '/api/v1/messages/:conversationId/:messageId',
      {
        schema: {
          tags: messageTags,
          summary: 'Where a message sits: index from the newest, its text, and its thread',
          params: messageParams,
          response: { 200: messagePositionResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => {
        const { conversationId, messageId } = request.params;
        return { success: ok, response: await messages.position(caller(request).id, conversationId, messageId) };
      },
    );

    app.patch(
      '/api/v1/messages/:conversationId/:messageId',
      {
        schema: {
          tags: messageTags,
          summary: 'Pin a message (replacing the previous pin), or unpin the pinned one',
          params: messageParams,
          response: { 200: pinMessageResponseSchema, ...failures(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { conversationId, messageId } = request.params;
        return { success: ok, ...(await messages.togglePin(caller(request), conversationId, messageId)) };
      },
    );

    // ---------------------------------------------------------------- users, members, files, direct messages

    app.get(
      '/api/v1/users',
      {
        schema: { tags: ['users'], summary: 'Active staff other than the caller', response: { 200: usersResponseSchema, ...failures(401) } },
      },
      async (request) => ({ success: ok, users: await conversations.directory(caller(request).id) }),
    );

    app.patch(
      '/api/v1/conversation-member/:conversationId/:userId',
      {
        schema: {
          tags: ['members'],
          summary: 'Mute/unmute or remove a member (conversation admins only, never themselves)',
          params: memberParams,
          body: memberPatchBodySchema,
          response: { 200: conversationActionResponseSchema, ...failures(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { conversationId, userId } = request.params;
        return {
          success: ok,
          ...(await conversations.updateMember(caller(request), conversationId, userId, request.body.action)),
        };
      },
    );

    app.put(
      '/api/v1/conversation-member/:conversationId',
      {
        schema: {
          tags: ['members'],
          summary: 'Add a member to a group (any member may)',
          params: inConversationParams,
          body: addMemberBodySchema,
          response: { 200: conversationActionResponseSchema, ...failures(400, 401, 404, 409) },
        },
      },
      async (request) => ({
        success: ok,
        ...(await conversations.addMember(caller(request), request.params.conversationId, request.body.user_id)),
      }),
    );

    app.get(
      '/api/v1/files/:conversationId',
      {
        schema: {
          tags: ['files'],
          summary: 'Files sent in a conversation, newest first',
          params: inConversationParams,
          response: { 200: filesResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({ success: ok, files: await messages.files(caller(request).id, request.params.conversationId) }),
    );

    app.post(
      '/api/v1/direct-message',
      {
        schema: {
          tags: ['direct messages'],
          summary: 'Send one message to several people, each in their personal conversation with the caller',
          body: directMessageBodySchema,
          response: { 200: directMessageResponseSchema, ...failures(400, 401) },
        },
      },
      async (request) => ({ success: ok, ...(await conversations.directMessage(caller(request), request.body)) }),
    );

    // ---------------------------------------------------------------- attachment download

    app.get(
      '/assets/message-attachment/:name',
      { schema: { hide: true, params: z.object({ name: z.string().max(200) }) } },
      async (request, reply) => sendStoredFile(reply, await messages.attachmentFor(caller(request).id, request.params.name)),
    );
  };


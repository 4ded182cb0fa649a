/**
 * The chat calls of 000 §7 (Conversations, Messages, Users, members, files, direct
 * messages), registered from the shared route table. Thin: schema → service → response.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_ATTACHMENTS_PER_MESSAGE, routes } from '@ichat/shared';
import { caller } from '../../http/authenticate.js';
import { badRequest, payloadTooLarge } from '../../errors.js';
import { readMultipart, type QuotaLookup } from '../../http/multipart.js';
import { ok, serve } from '../../http/serve-route.js';
import type { FileStore } from '../../storage/file-store.js';
import { sendStoredFile } from '../../storage/send-file.js';
import type { ConversationsService } from './conversations.service.js';
import type { MessagesService } from './messages.service.js';
import type { ReactionsService } from './reactions.service.js';
import type { SearchService } from './search.service.js';

const { chat: calls } = routes;

export const chatRoutes =
  ({
    conversations,
    messages,
    reactions,
    search,
    files,
    uploadQuota,
  }: {
    conversations: ConversationsService;
    messages: MessagesService;
    reactions: ReactionsService;
    search: SearchService;
    files: FileStore;
    /** What a person's upload quota leaves them (message files count against it). */
    uploadQuota: (userId: number) => ReturnType<QuotaLookup>;
  }) =>
  async (app: FastifyInstance) => {
    // ---------------------------------------------------------------- conversations

    serve(app, calls.conversations, async (request) => ({
      success: ok,
      conversations: await conversations.list(caller(request).id, null),
    }));

    serve(app, calls.conversationsByFilter, async (request) => ({
      success: ok,
      conversations: await conversations.list(caller(request).id, request.query.conversation_filter),
    }));

    serve(app, calls.conversationPage, async (request) => {
      const { conversation_filter, page, limit } = request.query;
      return { success: ok, ...(await conversations.listPage(caller(request).id, conversation_filter, page, limit)) };
    });

    serve(app, calls.unreadCount, async (request) => ({ success: ok, count: await conversations.unreadCount(caller(request).id) }));

    serve(app, calls.conversation, async (request) => ({
      success: ok,
      conversation: await conversations.detail(caller(request).id, request.params.id),
    }));

    serve(app, calls.createConversation, async (request) => {
      const upload = await readMultipart(request, files, calls.createConversation.form);
      try {
        const [image] = upload.files;
        if (image && image.size === 0) throw badRequest('The conversation image is empty.');
        const result = await conversations.createGroup(caller(request), {
          name: upload.data.name,
          memberIds: upload.data.conversation_member_ids,
          uploadedImagePath: image?.path,
        });
        return { success: ok, ...result };
      } finally {
        await upload.cleanup();
      }
    });

    serve(app, calls.patchConversation, async (request) => ({
      success: ok,
      ...(await conversations.patch(caller(request), request.params.id, request.body.action)),
    }));

    serve(app, calls.updateConversation, async (request) => {
      const upload = await readMultipart(request, files, calls.updateConversation.form);
      try {
        const [image] = upload.files;
        if (image && image.size === 0) throw badRequest('The conversation image is empty.');
        const result = await conversations.update(caller(request), request.params.id, {
          name: upload.data.name,
          uploadedImagePath: image?.path,
        });
        return { success: ok, ...result };
      } finally {
        await upload.cleanup();
      }
    });

    serve(app, calls.activityLog, async (request) => ({
      success: ok,
      conversation_actions: await conversations.actions(caller(request).id, request.params.id),
    }));

    serve(app, calls.setNotificationLevel, async (request) => ({
      success: ok,
      notification_level: await conversations.setNotificationLevel(caller(request).id, request.params.id, request.body.level),
    }));

    // ---------------------------------------------------------------- messages

    serve(app, calls.messages, async (request) => ({
      success: ok,
      ...(await messages.list(caller(request), request.params.conversationId, request.query)),
    }));

    serve(app, calls.sendMessage, async (request, reply) => {
      const upload = await readMultipart(request, files, calls.sendMessage.form, () => uploadQuota(caller(request).id));
      try {
        const result = await messages.send(caller(request), request.params.conversationId, upload.data, upload.files);
        // A retry with the same client_message_id answers the stored message with 200.
        reply.code(result.created ? 201 : 200);
        return { success: ok, message: result.message };
      } finally {
        await upload.cleanup();
      }
    });

    serve(app, calls.searchConversation, async (request) => ({
      success: ok,
      result: await search.inConversation(caller(request).id, request.params.conversationId, request.body.keyword),
    }));

    serve(app, calls.searchEverywhere, async (request) => ({
      success: ok,
      result: await search.global(caller(request).id, request.body.keyword),
    }));

    serve(app, calls.thread, async (request) => {
      const { conversationId, messageId } = request.params;
      return { success: ok, thread_detail: await messages.thread(caller(request).id, conversationId, messageId) };
    });

    serve(app, calls.replyInThread, async (request, reply) => {
      const upload = await readMultipart(request, files, calls.replyInThread.form, () => uploadQuota(caller(request).id));
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
    });

    serve(app, calls.toggleReaction, async (request) => {
      const { conversationId, messageId } = request.params;
      return { success: ok, ...(await reactions.toggle(caller(request), conversationId, messageId, request.body.reaction_type)) };
    });

    serve(app, calls.deleteMessage, async (request) => {
      const { conversationId, messageId } = request.params;
      const { conversation_action } = await messages.remove(caller(request), conversationId, messageId);
      return { success: ok, conversation_action };
    });

    serve(app, calls.messagePosition, async (request) => {
      const { conversationId, messageId } = request.params;
      return { success: ok, response: await messages.position(caller(request).id, conversationId, messageId) };
    });

    serve(app, calls.togglePin, async (request) => {
      const { conversationId, messageId } = request.params;
      return { success: ok, ...(await messages.togglePin(caller(request), conversationId, messageId)) };
    });

    serve(app, calls.editMessage, async (request) => {
      const { conversationId, messageId } = request.params;
      return { success: ok, message: await messages.edit(caller(request), conversationId, messageId, request.body) };
    });

    serve(app, calls.messageVersions, async (request) => {
      const { conversationId, messageId } = request.params;
      return { success: ok, versions: await messages.versions(caller(request).id, conversationId, messageId) };
    });

    // ---------------------------------------------------------------- users, members, files, direct messages

    serve(app, calls.users, async (request) => ({ success: ok, users: await conversations.directory(caller(request).id) }));

    serve(app, calls.updateMember, async (request) => {
      const { conversationId, userId } = request.params;
      return { success: ok, ...(await conversations.updateMember(caller(request), conversationId, userId, request.body.action)) };
    });

    serve(app, calls.addMember, async (request) => ({
      success: ok,
      ...(await conversations.addMember(caller(request), request.params.conversationId, request.body.user_id)),
    }));

    serve(app, calls.files, async (request) => ({
      success: ok,
      files: await messages.files(caller(request).id, request.params.conversationId),
    }));

    serve(app, calls.directMessage, async (request) => ({
      success: ok,
      ...(await conversations.directMessage(caller(request), request.body)),
    }));

    serve(app, routes.assets.messageAttachment, async (request, reply) =>
      sendStoredFile(reply, await messages.attachmentFor(caller(request).id, request.params.name)),
    );
  };

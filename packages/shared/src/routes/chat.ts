/**
 * The chat calls of 000 §7 (Conversations, Messages, Users, members, files, direct
 * messages), with their versions and response keys.
 */
import { z } from 'zod';
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
  editMessageBodySchema,
  directMessageResponseSchema,
  filesResponseSchema,
  memberPatchBodySchema,
  messagePageQuerySchema,
  messagePositionResponseSchema,
  messagesResponseSchema,
  messageVersionsResponseSchema,
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
} from '../schemas/chat.js';
import { idParam } from '../schemas/common.js';
import { notificationLevelBodySchema, notificationLevelResponseSchema } from '../schemas/notifications.js';
import { routeGroup } from './define.js';

/** At most this many files ride on one message. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

const conversationParams = z.object({ id: idParam('Conversation id') });
const inConversationParams = z.object({ conversationId: idParam('Conversation id') });
const messageParams = z.object({ conversationId: idParam('Conversation id'), messageId: idParam('Message id') });
const memberParams = z.object({ conversationId: idParam('Conversation id'), userId: idParam('User id') });
const conversationImage = { conversation_image: { maxCount: 1 } };
const messageFiles = { maxCount: MAX_ATTACHMENTS_PER_MESSAGE };

const conversations = routeGroup(['conversations']);
const messages = routeGroup(['messages']);
const users = routeGroup(['users']);
const members = routeGroup(['members']);
const files = routeGroup(['files']);
const directMessages = routeGroup(['direct messages']);

export const chatRoutes = {
  // ---------------------------------------------------------------- conversations
  conversations: conversations.get('/api/v1/conversations', 'Every conversation of the caller, pinned first', {
    response: conversationListResponseSchema,
  }),
  conversationsByFilter: conversations.get('/api/v2/conversations', 'The caller’s personal or group conversations', {
    query: conversationListQuerySchema,
    response: conversationListResponseSchema,
    refusals: [400],
  }),
  conversationPage: conversations.get('/api/v3/conversations', 'One page of the caller’s personal or group conversations', {
    query: conversationPageQuerySchema,
    response: conversationPageResponseSchema,
    refusals: [400],
  }),
  unreadCount: conversations.get('/api/v2/conversations/unread-count', 'Unread messages, personal and group', {
    response: unreadCountResponseSchema,
  }),
  conversation: conversations.get('/api/v2/conversations/:id', 'One conversation with its members, pinned message and the caller’s permissions', {
    aliases: ['/api/v1/conversations/:id'],
    params: conversationParams,
    response: conversationDetailResponseSchema,
    refusals: [400, 404],
  }),
  createConversation: conversations.post('/api/v1/conversations', 'Create a group conversation; the creator is its admin', {
    description: 'multipart/form-data: `data` is JSON {name, conversation_member_ids[], is_group: true}; `conversation_image` is an optional image.',
    form: { data: createConversationDataSchema, files: conversationImage },
    response: createConversationResponseSchema,
    statuses: [201],
    refusals: [400, 413],
  }),
  patchConversation: conversations.patch('/api/v1/conversations/:id', 'Pin/unpin the conversation for the caller, or leave it', {
    params: conversationParams,
    body: conversationPatchBodySchema,
    response: conversationPatchResponseSchema,
    refusals: [400, 404],
  }),
  updateConversation: conversations.put('/api/v1/conversations/:id', 'Rename a group or change its image (conversation admins only)', {
    description: 'multipart/form-data: `data` is JSON {name}; `conversation_image` is an optional image.',
    params: conversationParams,
    form: { data: updateConversationDataSchema, files: conversationImage },
    response: conversationActionResponseSchema,
    refusals: [400, 403, 404, 413],
  }),
  activityLog: conversations.get('/api/v1/conversations/actions/:id', 'The activity log, newest first', {
    params: conversationParams,
    response: conversationActionsResponseSchema,
    refusals: [400, 404],
  }),
  setNotificationLevel: conversations.put('/api/v1/conversations/:id/notification-level', 'What the caller hears of a conversation: all, mentions or nothing', {
    description:
      'Body {level}. `all` (the default): every message alerts an open page; pushes come for direct messages and mentions. `mentions`: only mentions, @All and (in a personal conversation) every message alert or push. `nothing`: no alert and no push; unread counts and the bell still count. The level also shows as `notification_level` on the conversation summaries and detail.',
    params: conversationParams,
    body: notificationLevelBodySchema,
    response: notificationLevelResponseSchema,
    refusals: [400, 404],
  }),

  // ---------------------------------------------------------------- messages
  messages: messages.get('/api/v1/messages/:conversationId', 'A page of messages, oldest first; the newest page marks the conversation read', {
    params: inConversationParams,
    query: messagePageQuerySchema,
    response: messagesResponseSchema,
    refusals: [400, 404],
  }),
  sendMessage: messages.post('/api/v1/messages/:conversationId', 'Send a message with optional attachments', {
    description: `multipart/form-data: \`data\` is JSON {message, reply_to_message_id, mention_data[], client_message_id}; up to ${MAX_ATTACHMENTS_PER_MESSAGE} files as \`message_attachments\`, 16 MB each. A retry with the same client_message_id returns the stored message (200).`,
    params: inConversationParams,
    form: { data: sendMessageDataSchema, files: { message_attachments: messageFiles } },
    response: sendMessageResponseSchema,
    statuses: [201, 200],
    refusals: [400, 403, 404, 409, 413],
  }),
  searchConversation: messages.post('/api/v1/messages/search/:conversationId', 'Search the messages of one conversation', {
    params: inConversationParams,
    body: searchBodySchema,
    response: searchResponseSchema,
    refusals: [400, 404],
  }),
  // The document's path ends in a slash; the same call is answered without it too.
  searchEverywhere: messages.post('/api/v1/messages/global/search/', 'Search every conversation the caller belongs to', {
    aliases: ['/api/v1/messages/global/search'],
    description: 'Every word of the keyword must start a word of the message. Best match first, at most 50.',
    body: searchBodySchema,
    response: searchResponseSchema,
    refusals: [400],
  }),
  thread: messages.get('/api/v1/messages/thread/:conversationId/:messageId', 'A thread: its parent message and every reply, oldest first', {
    params: messageParams,
    response: threadDetailResponseSchema,
    refusals: [400, 404],
  }),
  replyInThread: messages.post('/api/v1/messages/:conversationId/:messageId', 'Reply in the thread of a message', {
    description: `multipart/form-data: \`data\` is JSON {message, mention_data[], client_message_id}; the text is required. Up to ${MAX_ATTACHMENTS_PER_MESSAGE} files as \`attachments\` (or \`message_attachments\`), 16 MB each.`,
    params: messageParams,
    form: { data: threadReplyDataSchema, files: { attachments: messageFiles, message_attachments: messageFiles } },
    response: sendMessageResponseSchema,
    statuses: [201, 200],
    refusals: [400, 403, 404, 409, 413],
  }),
  toggleReaction: messages.put('/api/v1/messages/:conversationId/:messageId', 'Add the caller’s reaction of a type to a message, or remove it when already there', {
    params: messageParams,
    body: reactionBodySchema,
    response: reactionResponseSchema,
    refusals: [400, 403, 404, 409],
  }),
  deleteMessage: messages.delete('/api/v1/messages/:conversationId/:messageId', 'Delete one of the caller’s own messages', {
    params: messageParams,
    response: deleteMessageResponseSchema,
    refusals: [400, 403, 404, 409],
  }),
  messagePosition: messages.get('/api/v1/messages/:conversationId/:messageId', 'Where a message sits: index from the newest, its text, and its thread', {
    params: messageParams,
    response: messagePositionResponseSchema,
    refusals: [400, 404],
  }),
  togglePin: messages.patch('/api/v1/messages/:conversationId/:messageId', 'Pin a message (replacing the previous pin), or unpin the pinned one', {
    params: messageParams,
    response: pinMessageResponseSchema,
    refusals: [400, 403, 404],
  }),
  // PATCH on the message's own path is the specification's pin call (000 §7), so the edit has its own.
  editMessage: messages.patch('/api/v1/messages/:conversationId/:messageId/content', 'Edit the text of one of the caller’s own messages', {
    description:
      'Body {message, mention_data[]}, as a send takes them; the text may not be blank. Only one’s own message, not deleted, while one may post in the conversation, and within the administrators’ `message_edit_window_minutes` of sending it (null: no limit). The previous text is kept (the versions call); people newly mentioned are notified, those no longer mentioned keep their notification. The conversation’s room gets a `user-chat` (or `user-thread-chat`) record with action EDIT and the whole message. An edit that changes nothing stores nothing.',
    params: messageParams,
    body: editMessageBodySchema,
    response: sendMessageResponseSchema,
    refusals: [400, 403, 404, 409],
  }),
  messageVersions: messages.get('/api/v1/messages/:conversationId/:messageId/versions', 'Every text a message had, oldest first, the current one last', {
    description: 'For the conversation’s members. Each version is {content, written_at}: what it said from when it was written. A deleted message has no history (409).',
    params: messageParams,
    response: messageVersionsResponseSchema,
    refusals: [400, 404, 409],
  }),

  // ---------------------------------------------------------------- users, members, files, direct messages
  users: users.get('/api/v1/users', 'Active staff other than the caller', { response: usersResponseSchema }),
  updateMember: members.patch('/api/v1/conversation-member/:conversationId/:userId', 'Mute/unmute or remove a member (conversation admins only, never themselves)', {
    params: memberParams,
    body: memberPatchBodySchema,
    response: conversationActionResponseSchema,
    refusals: [400, 403, 404],
  }),
  addMember: members.put('/api/v1/conversation-member/:conversationId', 'Add a member to a group (any member may)', {
    params: inConversationParams,
    body: addMemberBodySchema,
    response: conversationActionResponseSchema,
    refusals: [400, 404, 409],
  }),
  files: files.get('/api/v1/files/:conversationId', 'Files sent in a conversation, newest first', {
    params: inConversationParams,
    response: filesResponseSchema,
    refusals: [400, 404],
  }),
  directMessage: directMessages.post('/api/v1/direct-message', 'Send one message to several people, each in their personal conversation with the caller', {
    body: directMessageBodySchema,
    response: directMessageResponseSchema,
    refusals: [400],
  }),
};

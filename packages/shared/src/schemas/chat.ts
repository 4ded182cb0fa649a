/**
 * The chat side's calls (000 §3, §7): conversations, messages, members, files, users,
 * notifications and direct messages. Bodies are validated with these on the server; the
 * web client types its calls with them.
 */
import { z } from 'zod';
import { CONVERSATION_FILTERS, CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '../constants.js';
import { CONVERSATION_ACTIONS, NOTIFICATION_TYPES, REACTION_TYPES } from '../options.js';
import { TEXT } from '../texts.js';
import { idParam, idSchema, isoDateSchema, pageQuery, requiredText, successSchema } from './common.js';
import { notificationLevelSchema } from './notifications.js';

export const MESSAGE_MAX_LENGTH = 10_000;
export const CONVERSATION_NAME_MAX_LENGTH = 80;
export const SEARCH_KEYWORD_MAX_LENGTH = 200;

/** A user as other people see them inside the chat. */
export const chatUserSchema = z.object({
  id: idSchema,
  display_name: z.string(),
  first_name: z.string(),
  email_address: z.string(),
  profile_photo: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

// ---------------------------------------------------------------- conversations

export const conversationFilterSchema = z.enum(CONVERSATION_FILTERS, {
  error: 'Conversation filter must be personal or group.',
});

export const conversationListQuerySchema = z.object({
  conversation_filter: conversationFilterSchema.default('personal'),
});
/** The sidebar grows `limit` on page 1 as it scrolls (000 §9), so the cap is generous. */
export const CONVERSATION_PAGE_MAX_LIMIT = 500;
export const conversationPageQuerySchema = conversationListQuerySchema.extend(
  pageQuery(CONVERSATION_PAGE_SIZE, CONVERSATION_PAGE_MAX_LIMIT).shape,
);

export const conversationMemberSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  is_admin: z.boolean(),
  is_muted: z.boolean(),
  user: chatUserSchema,
});

export const lastMessageSchema = z.object({
  id: idSchema,
  content: z.string(),
  is_deleted: z.boolean(),
  is_thread_reply: z.boolean(),
  reply_to_thread_message_id: idSchema.nullable(),
  updatedAt: isoDateSchema,
  sender: z.object({ id: idSchema, display_name: z.string(), first_name: z.string() }),
});

export const conversationPermissionsSchema = z.object({
  is_admin: z.boolean(),
  isPermittedToChat: z.boolean(),
});

export const conversationSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  image: z.string(),
  is_group: z.boolean(),
  is_pinned: z.boolean(),
  unread_count: z.number().int().nonnegative(),
  last_message: lastMessageSchema.nullable(),
  conversation_detail: z.object({ name: z.string(), image: z.string() }),
  /** Added key: the other person of a personal conversation (for presence); null for a group. */
  peer_user_id: idSchema.nullable(),
  /** Added key: what the caller hears of it, 'all' (default), 'mentions' or 'nothing' (issue 19). */
  notification_level: notificationLevelSchema,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

const conversationList = { conversations: z.array(conversationSummarySchema) };
export const conversationListResponseSchema = successSchema(conversationList);
export const conversationPageResponseSchema = successSchema({
  ...conversationList,
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export const unreadCountResponseSchema = successSchema({
  count: z.object({ personal: z.number().int().nonnegative(), group: z.number().int().nonnegative() }),
});

/** POST /api/v1/conversations: the `data` part of the multipart body. */
export const createConversationDataSchema = z.object(
  {
    name: requiredText('Conversation name', CONVERSATION_NAME_MAX_LENGTH),
    conversation_member_ids: z
      .array(idSchema, { error: 'Choose the members of the conversation.' })
      .max(500, { error: 'A conversation can have at most 500 members.' }),
    is_group: z.literal(true, { error: 'A new conversation must be a group (is_group true).' }),
  },
  { error: 'The conversation details are missing.' },
);
export const createConversationResponseSchema = successSchema({
  message: z.string(),
  conversation_id: idSchema,
});

/** PATCH /api/v1/conversations/{id}. */
export const conversationPatchBodySchema = z.object(
  { action: z.enum(['pin', 'leave'], { error: 'Action must be pin or leave.' }) },
  { error: 'Action must be pin or leave.' },
);

/** PATCH answer: pin toggles the caller's own pin; leave removes the caller. */
export const conversationPatchResponseSchema = successSchema({
  message: z.string(),
  is_pinned: z.boolean(),
  left: z.boolean(),
});

/** PUT /api/v1/conversations/{id}: the `data` part of the multipart body. */
export const updateConversationDataSchema = z.object(
  { name: requiredText('Conversation name', CONVERSATION_NAME_MAX_LENGTH) },
  { error: 'The conversation details are missing.' },
);

export const conversationActionSchema = z.object({
  id: idSchema,
  action: z.enum(CONVERSATION_ACTIONS),
  detail: z.string().nullable(),
  user: chatUserSchema,
  receiving_user_action: chatUserSchema.nullable(),
  createdAt: isoDateSchema,
});
export type ConversationAction = z.infer<typeof conversationActionSchema>;
export const conversationActionsResponseSchema = successSchema({
  conversation_actions: z.array(conversationActionSchema),
});
/** Answer of a change that writes one activity-log entry (edit, mute, remove, add). */
export const conversationActionResponseSchema = successSchema({
  message: z.string(),
  conversation_action: conversationActionSchema,
});

// ---------------------------------------------------------------- messages

export const messageAttachmentSchema = z.object({
  id: idSchema,
  attachment: z.string(),
  original_name: z.string(),
  file_type: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: isoDateSchema,
});

export const messageReactionSchema = z.object({
  id: idSchema,
  message_id: idSchema,
  user_id: idSchema,
  type: z.enum(REACTION_TYPES),
  user: z.object({ id: idSchema, display_name: z.string() }),
});

export const messageReadSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  user: z.object({ id: idSchema, display_name: z.string() }),
});

export const messageSchema = z.object({
  id: idSchema,
  conversation_id: idSchema,
  sender_id: idSchema,
  content: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  is_deleted: z.boolean(),
  is_pinned: z.boolean(),
  reply_to_thread_message_id: idSchema.nullable(),
  client_message_id: z.string().nullable(),
  user: chatUserSchema,
  message_attachment: z.array(messageAttachmentSchema),
  reply_to_message_detail: z
    .object({ id: idSchema, user: chatUserSchema, content: z.string(), is_deleted: z.boolean() })
    .nullable(),
  thread_replies: z.array(z.object({ id: idSchema, reply_to_thread_message_id: idSchema })),
  message_reactions: z.array(messageReactionSchema),
  message_reads: z.array(messageReadSchema),
  /** Added key: the text was edited since it was sent (false once deleted); the history is its versions call. */
  is_edited: z.boolean(),
  /** Added key: when the text was last edited; null if never (or deleted). */
  edited_at: isoDateSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * One conversation as opened (GET /api/v1|v2/conversations/{id}): the summary plus its
 * members, the pinned message and what the caller may do in it.
 */
export const conversationDetailSchema = conversationSummarySchema.extend({
  created_by: idSchema,
  members: z.array(conversationMemberSchema),
  pinned_message: messageSchema.nullable(),
  permissions: conversationPermissionsSchema,
  /**
   * Added key (issue 19): the administrators' window for editing one's own message after
   * sending it, in minutes; null: no limit. The page offers Edit only within it; the server
   * applies it on every edit. (Beside `permissions`, whose keys are the specification's.)
   */
  message_edit_window_minutes: z.number().int().positive().nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;
export const conversationDetailResponseSchema = successSchema({ conversation: conversationDetailSchema });


/**
 * GET /api/v1/messages/{conversationId}: the newest `limit` messages (page 1), or the
 * `limit` before message `before` (what an upward scroll asks for), or those after message
 * `after` (catching up). Always oldest first; thread replies live in their thread.
 */
export const messagePageQuerySchema = pageQuery(MESSAGE_PAGE_SIZE, 200).extend({
  before: idParam('before').optional(),
  after: idParam('after').optional(),
});
export const messagesResponseSchema = successSchema({
  messages: z.array(messageSchema),
  /** Whether older messages exist before the first one returned. */
  has_more: z.boolean(),
});

export const mentionSchema = z.object({
  id: z.union([idSchema, z.literal('all')]),
  name: z.string().max(120),
});

/**
 * POST /api/v1/messages/{conversationId} and the thread reply: the `data` part. An empty
 * text is allowed in a main chat when attachments come with it (000 §5); the service
 * decides, since it sees the files.
 */
export const sendMessageDataSchema = z.object(
  {
    message: z
      .string({ error: TEXT.emptyMessage })
      .max(MESSAGE_MAX_LENGTH, { error: `A message can be at most ${MESSAGE_MAX_LENGTH} characters.` })
      .default(''),
    reply_to_message_id: idSchema.nullable().optional(),
    mention_data: z.array(mentionSchema).max(500).optional().default([]),
    client_message_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'client_message_id must be 8 to 64 letters, digits, - or _.' })
      .optional(),
  },
  { error: TEXT.emptyMessage },
);
export const sendMessageResponseSchema = successSchema({ message: messageSchema });

/**
 * POST /api/v1/messages/{conversationId}/{messageId}: a thread reply's `data` part. Unlike a
 * main-chat message, a thread reply needs text (000 §5).
 */
export const threadReplyDataSchema = z.object(
  {
    message: z
      .string({ error: TEXT.emptyMessage })
      .max(MESSAGE_MAX_LENGTH, { error: `A message can be at most ${MESSAGE_MAX_LENGTH} characters.` })
      .refine((text) => text.trim() !== '', { error: TEXT.emptyMessage }),
    mention_data: z.array(mentionSchema).max(500).optional().default([]),
    client_message_id: sendMessageDataSchema.shape.client_message_id,
  },
  { error: TEXT.emptyMessage },
);

/**
 * PATCH /api/v1/messages/{conversationId}/{messageId}/content: the new text and its mentions,
 * checked as a thread reply's are (not blank, at most MESSAGE_MAX_LENGTH).
 */
export const editMessageBodySchema = threadReplyDataSchema.pick({ message: true, mention_data: true });
export type EditMessageBody = z.infer<typeof editMessageBodySchema>;

/** One text a message had: what it said, and since when (the send, or the edit that wrote it). */
export const messageVersionSchema = z.object({ content: z.string(), written_at: isoDateSchema });
export type MessageVersion = z.infer<typeof messageVersionSchema>;
/** Every text of a message, oldest first; the last is the current one. */
export const messageVersionsResponseSchema = successSchema({ versions: z.array(messageVersionSchema) });

export const searchBodySchema = z.object(
  { keyword: requiredText('Keyword', SEARCH_KEYWORD_MAX_LENGTH) },
  { error: 'Keyword is required.' },
);
export const searchResultSchema = z.object({
  id: idSchema,
  conversation_id: idSchema,
  conversation_detail: z.object({ name: z.string(), image: z.string(), is_group: z.boolean() }),
  user: chatUserSchema,
  content: z.string(),
  reply_to_thread_message_id: idSchema.nullable(),
  createdAt: isoDateSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = successSchema({ result: z.array(searchResultSchema) });

export const deleteMessageResponseSchema = successSchema({ conversation_action: conversationActionSchema });

/** A thread: its parent (shown as DELETED CHAT once deleted) and every reply, oldest first. */
export const threadDetailSchema = z.object({ parent: messageSchema, replies: z.array(messageSchema) });
export type ThreadDetail = z.infer<typeof threadDetailSchema>;
export const threadDetailResponseSchema = successSchema({ thread_detail: threadDetailSchema });

export const messagePositionResponseSchema = successSchema({
  response: z.object({
    index: z.number().int().nonnegative(),
    query: z.string(),
    thread: z.object({ thread_reply: z.boolean(), message_id: idSchema.nullable() }),
  }),
});

export const reactionBodySchema = z.object(
  { reaction_type: z.enum(REACTION_TYPES, { error: 'Unknown reaction type.' }) },
  { error: 'Unknown reaction type.' },
);
export type MessageReaction = z.infer<typeof messageReactionSchema>;
export const reactionResponseSchema = successSchema({
  message_reaction: messageReactionSchema.nullable(),
  removed: z.boolean(),
});

export const pinMessageResponseSchema = successSchema({ message: messageSchema.nullable() });

// ---------------------------------------------------------------- users, members, files

export const usersResponseSchema = successSchema({
  users: z.array(z.object({ id: idSchema, display_name: z.string(), profile_photo: z.string().nullable() })),
});

export const memberPatchBodySchema = z.object(
  { action: z.enum(['mute', 'remove'], { error: 'Action must be mute or remove.' }) },
  { error: 'Action must be mute or remove.' },
);
export const addMemberBodySchema = z.object(
  { user_id: idSchema },
  { error: 'Choose the person to add.' },
);

export const conversationFileSchema = z.object({
  id: idSchema,
  user: chatUserSchema,
  message_attachment: messageAttachmentSchema,
});
export const filesResponseSchema = successSchema({ files: z.array(conversationFileSchema) });

// ---------------------------------------------------------------- notifications

export const notificationSchema = z.object({
  id: idSchema,
  is_read: z.boolean(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  conversation_id: idSchema.nullable(),
  message_id: idSchema.nullable(),
  reply_to_thread_message_id: idSchema.nullable(),
  request_notification_form_request_id: idSchema.nullable(),
  request_type: z.string().nullable(),
  /** A daily reminder of a request still waiting for the recipient (an added key). */
  is_reminder: z.boolean(),
  createdAt: isoDateSchema,
  message_details: z.object({ content: z.string() }).nullable(),
  notification_sender_details: z.object({ display_name: z.string() }).nullable(),
  conversation_details: z.object({ name: z.string(), image: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = successSchema({
  count: z.number().int().nonnegative(),
  unread_count: z.number().int().nonnegative(),
  notifications: z.array(notificationSchema),
});
export const notificationActionBodySchema = z.object(
  { action: z.enum(['read', 'delete'], { error: 'Action must be read or delete.' }) },
  { error: 'Action must be read or delete.' },
);

// ---------------------------------------------------------------- direct messages

export const directMessageBodySchema = z.object(
  {
    recipients: z
      .array(idSchema, { error: 'Choose at least one recipient.' })
      .min(1, { error: 'Choose at least one recipient.' })
      .max(200, { error: 'At most 200 recipients at once.' }),
    message: requiredText('Message', MESSAGE_MAX_LENGTH),
  },
  { error: 'Choose at least one recipient and write a message.' },
);
export const directMessageResponseSchema = successSchema({
  message: z.string(),
  /** The conversation with the first recipient, which the page opens. */
  conversation_id: idSchema,
  /** Every recipient's personal conversation, in the order of `recipients`. */
  conversation_ids: z.array(idSchema),
});

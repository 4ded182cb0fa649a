/**
 * Table types for Kysely. One schema on SQLite and PostgreSQL (docs/adr/0002):
 * - ids are increasing integers, never reused;
 * - times are integer epoch milliseconds (UTC), turned into ISO strings at the API;
 * - booleans are PostgreSQL booleans and SQLite 0/1: written as booleans (the SQLite
 *   adapter binds them as 1/0) and read as `SqlBool`, converted with `toBool`;
 * - money is integer centavos;
 * - JSON is jsonb on PostgreSQL and text on SQLite, written as a JSON string and read with
 *   `parseJson`.
 */
import type { ColumnType, Generated, Insertable, Selectable, SqlBool, Updateable } from 'kysely';

export type Id = Generated<number>;
export type Bool = ColumnType<SqlBool, boolean | undefined, boolean>;
export type RequiredBool = ColumnType<SqlBool, boolean, boolean>;
export type Json = ColumnType<unknown, string, string>;
export type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;

export interface DepartmentsTable {
  id: Id;
  name: string;
  name_key: string;
  created_at: number;
  /** A retired department stays on its people and requests but leaves the choices. */
  retired_at: number | null;
}

export interface UsersTable {
  id: Id;
  email_address: string;
  email_key: string;
  username: string;
  username_key: string;
  first_name: string;
  last_name: string;
  display_name: string;
  department_id: number | null;
  password_hash: string;
  admin_access: Bool;
  approval_page: Bool;
  is_active: Bool;
  /** Raised on logout, password change and deactivation: tokens carry the version they were issued under. */
  token_version: ColumnType<number, number | undefined, number>;
  profile_photo: string | null;
  last_online_at: number | null;
  /** Set when an administrator made or reset the password: only a change is allowed until done. */
  must_change_password: Bool;
  /** Moved on by an unlock: part of every login-limit key (auth/login-limiter.ts). */
  login_unlocked_at: ColumnType<number, number | undefined, number>;
  /** Until this moment nothing sounds or is pushed (the bell still counts). */
  dnd_until: ColumnType<number | null, number | null | undefined, number | null>;
  /** Quiet hours 'HH:MM' to 'HH:MM' in quiet_hours_time_zone, both set or both null. */
  quiet_hours_from: ColumnType<string | null, string | null | undefined, string | null>;
  quiet_hours_to: ColumnType<string | null, string | null | undefined, string | null>;
  quiet_hours_time_zone: ColumnType<string, string | undefined, string>;
  /** Whether a push may show the message's text (false: 'New message'). */
  push_previews: Bool;
  created_at: number;
  updated_at: number;
}

export interface ConversationsTable {
  id: Id;
  name: string | null;
  image: string | null;
  is_group: RequiredBool;
  /** `smallerUserId:largerUserId` for a personal conversation, so a pair has only one. */
  personal_key: string | null;
  created_by: number;
  pinned_message_id: number | null;
  last_message_id: number | null;
  last_message_at: number;
  /** Put on hold by an administrator: retention deletes none of its messages. */
  legal_hold: Bool;
  created_at: number;
  updated_at: number;
}

export interface ConversationMembersTable {
  id: Id;
  conversation_id: number;
  user_id: number;
  is_admin: Bool;
  is_muted: Bool;
  /** A pin belongs to one member, not to the conversation. */
  is_pinned: Bool;
  pinned_at: number | null;
  /** The read cursor: unread and seen-by are derived from it, never stored per message. */
  last_read_message_id: ColumnType<number, number | undefined, number>;
  joined_at: number;
  /** What this member hears of the conversation: 'all', 'mentions' or 'nothing'. */
  notification_level: ColumnType<string, string | undefined, string>;
}

export interface MessagesTable {
  id: Id;
  conversation_id: number;
  sender_id: number;
  content: string;
  reply_to_message_id: number | null;
  /** The parent of a thread reply (the original's reply_to_thread_message_id). */
  thread_parent_id: number | null;
  client_message_id: string | null;
  is_deleted: Bool;
  deleted_at: number | null;
  /** The last edit of its text; null for a message never edited. */
  edited_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

/** An earlier text of an edited message: what it said from written_at until replaced_at. */
export interface MessageVersionsTable {
  id: Id;
  message_id: number;
  content: string;
  written_at: number;
  replaced_at: number;
}

/** One browser's Web Push subscription (the push service's endpoint and its keys). */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: number;
  last_pushed_at: number | null;
}

/** The columns every stored upload has, in whichever table holds it. */
export interface StoredFileColumns {
  stored_name: string;
  original_name: string;
  file_type: string;
  size_bytes: number;
  created_at: number;
}

export interface MessageAttachmentsTable extends StoredFileColumns {
  id: Id;
  message_id: number;
}

export interface MessageReactionsTable {
  id: Id;
  message_id: number;
  user_id: number;
  type: string;
  created_at: number;
}

export interface MessageMentionsTable {
  id: Id;
  message_id: number;
  user_id: number;
  created_at: number;
}

export interface ConversationActionsTable {
  id: Id;
  conversation_id: number;
  user_id: number;
  receiving_user_id: number | null;
  action: string;
  detail: string | null;
  created_at: number;
}

export interface NotificationsTable {
  id: Id;
  recipient_id: number;
  sender_id: number | null;
  notification_type: string;
  conversation_id: number | null;
  message_id: number | null;
  thread_parent_id: number | null;
  form_request_id: number | null;
  is_read: Bool;
  /** A daily reminder of a request still waiting for the recipient's decision. */
  is_reminder: Bool;
  created_at: number;
}

export interface CompaniesTable {
  id: Id;
  name: string;
  retired_at: number | null;
}

export interface PurchaseRequestTypesTable {
  id: Id;
  name: string;
  retired_at: number | null;
}

export interface FormsTable {
  id: Id;
  name: string;
  type: string;
  add_page: Bool;
  is_active: Bool;
  created_at: number;
}

/** Who may use a form: one user, or everyone in one department. */
export interface FormPermissionsTable {
  id: Id;
  form_id: number;
  user_id: number | null;
  department_id: number | null;
  add_page: Bool;
  view_page: Bool;
  open_page: Bool;
  created_at: number;
}

/**
 * One band of a form's approval chain: requests whose total falls in [min_total, max_total]
 * (centavos; null max = no bound) go to these approvers. Forms without amounts have one.
 */
export interface ApprovalBandsTable {
  id: Id;
  form_id: number;
  position: number;
  min_total: number;
  max_total: number | null;
  initial_needed: number;
  /** 0: the band has no second level. */
  executive_needed: number;
  updated_at: number;
}

export interface ApprovalBandApproversTable {
  id: Id;
  band_id: number;
  level: number;
  user_id: number;
}

export interface ReferenceCountersTable {
  prefix: string;
  year: number;
  last_value: number;
}

export interface FormRequestsTable {
  id: Id;
  form_id: number;
  form_type: string;
  reference_id: string;
  requester_id: number;
  payload: Json;
  /** Centavos; null for forms without an amount. */
  total_cost: number | null;
  status: ColumnType<string, string | undefined, string>;
  current_level: ColumnType<number, number | undefined, number>;
  /** Copied from the form's rule when filed, so later rule changes never touch it. */
  initial_approval_needed_count: number;
  executive_approval_needed_count: number;
  decided_at: number | null;
  /** The denied request this one corrects, if it was filed as its corrected copy. */
  copied_from_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the request reached its current level: how long it has waited there. */
  level_started_at: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

export interface RequestLinesTable {
  id: Id;
  request_id: number;
  kind: string;
  position: number;
  description: string;
  remarks: string;
  quantity: number;
  /** Centavos. */
  unit_price: number | null;
  /** Centavos: quantity × unit price, computed by the server. */
  cost: number | null;
  data: NullableJson;
}

export interface RequestFilesTable extends StoredFileColumns {
  id: Id;
  request_id: number;
  line_id: number | null;
  field: string;
}

/** The approvers of one request, copied from the rule when filed; a vote fills a row once. */
export interface RequestApproversTable {
  id: Id;
  request_id: number;
  approver_id: number;
  level: number;
  has_voted: Bool;
  approved: Bool;
  comment: string | null;
  voted_at: number | null;
  /** The stand-in who cast this seat's vote on the approver's behalf; null when the approver did. */
  voted_by: number | null;
}

/** Append-only history of every vote. */
export interface RequestVotesTable {
  id: Id;
  request_id: number;
  approver_id: number;
  level: number;
  status: string;
  comment: string | null;
  /** Who cast it: the approver, or a stand-in on their behalf. */
  cast_by: number | null;
  created_at: number;
}

export interface Database {
  departments: DepartmentsTable;
  users: UsersTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  message_attachments: MessageAttachmentsTable;
  message_reactions: MessageReactionsTable;
  message_mentions: MessageMentionsTable;
  message_versions: MessageVersionsTable;
  push_subscriptions: PushSubscriptionsTable;
  conversation_actions: ConversationActionsTable;
  notifications: NotificationsTable;
  companies: CompaniesTable;
  purchase_request_types: PurchaseRequestTypesTable;
  forms: FormsTable;
  form_permissions: FormPermissionsTable;
  approval_bands: ApprovalBandsTable;
  approval_band_approvers: ApprovalBandApproversTable;
  delegations: DelegationsTable;
  request_reminders: RequestRemindersTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  reference_counters: ReferenceCountersTable;
  form_requests: FormRequestsTable;
  request_lines: RequestLinesTable;
  request_files: RequestFilesTable;
  request_approvers: RequestApproversTable;
  request_votes: RequestVotesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface DelegationsTable {
  id: Id;
  approver_id: number;
  delegate_id: number;
  /** Inclusive calendar days in the company's time zone, 'YYYY-MM-DD'. */
  starts_on: string;
  ends_on: string;
  created_by: number;
  created_at: number;
  revoked_at: number | null;
}

export interface RequestRemindersTable {
  request_id: number;
  approver_id: number;
  day: string;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: number;
}

/** Every administrative change and delegation; the product never edits or deletes a row. */
export interface AuditLogTable {
  id: Id;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  summary: string;
  before: NullableJson;
  after: NullableJson;
  address: string | null;
  created_at: number;
}

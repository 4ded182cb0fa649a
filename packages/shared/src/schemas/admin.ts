/**
 * The administration calls (docs/DECISIONS.md, "Administration"): people, departments and
 * the ePR's catalogues, who may use each form, approval chains, delegation, settings, the
 * audit log and CSV. Sentences here are the ones the admin screens show at their fields.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, EMAIL_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { FORM_TYPES, REQUEST_STATUSES } from '../options.js';
import { adminUserSchema } from './accounts.js';
import { idParam, idSchema, isoDateSchema, optionalText, pageQuery, requiredText, successSchema } from './common.js';
import { pesosSchema, requestListItemSchema } from './requests.js';

const emailField = requiredText('Email address', EMAIL_MAX_LENGTH).pipe(z.email({ error: 'Email address is not a valid email address.' }));
const usernameField = requiredText('Username', USERNAME_MAX_LENGTH).regex(/^[A-Za-z0-9._-]+$/, {
  error: 'Username may only use letters, numbers, dots, dashes and underscores.',
});
const passwordField = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });
/** A calendar day in the company's time zone, as the admin screens' date fields send it. */
export const calendarDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD).` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: `${label} is not a real date.` });


// ---------------------------------------------------------------- people

/** A person as the admin area lists them. */
export const personSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  email_address: z.string(),
  username: z.string(),
  department: z.string().nullable(),
  admin_access: z.boolean(),
  approval_page: z.boolean(),
  is_active: z.boolean(),
  must_change_password: z.boolean(),
  last_online: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type Person = z.infer<typeof personSchema>;

export const PEOPLE_SORTS = ['name', 'email', 'username', 'department', 'created', 'last_online'] as const;
export const peopleQuerySchema = pageQuery(50, 200).extend({
  query: optionalText('Search', 200).optional(),
  sort: z.enum(PEOPLE_SORTS, { error: `sort must be one of ${PEOPLE_SORTS.join(', ')}.` }).default('name'),
  direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc.' }).default('asc'),
  status: z.enum(['active', 'inactive', 'all'], { error: 'status must be active, inactive or all.' }).default('all'),
});
export const peopleResponseSchema = successSchema({ people: z.array(personSchema), total: z.number().int().nonnegative() });

/** POST /api/v1/admin/users: the person must change this password at their first sign-in. */
export const createUserBodySchema = z.object(
  {
    first_name: requiredText('First name', NAME_MAX_LENGTH),
    last_name: requiredText('Last name', NAME_MAX_LENGTH),
    email_address: emailField,
    username: usernameField,
    department: requiredText('Department', NAME_MAX_LENGTH),
    admin_access: flag('admin_access').default(false),
    approval_page: flag('approval_page').default(false),
    password: passwordField,
  },
  { error: 'The new person’s details are missing.' },
);
export type CreateUserBody = z.input<typeof createUserBodySchema>;
export const createUserResponseSchema = successSchema({ message: z.string(), user: adminUserSchema });

/** PATCH /api/v1/admin/users/{id}: any of a person's fields, their access, or deactivation. */
export const adminEditUserBodySchema = z
  .object(
    {
      first_name: requiredText('First name', NAME_MAX_LENGTH).optional(),
      last_name: requiredText('Last name', NAME_MAX_LENGTH).optional(),
      display_name: requiredText('Display name', DISPLAY_NAME_MAX_LENGTH).optional(),
      email_address: emailField.optional(),
      username: usernameField.optional(),
      department: requiredText('Department', NAME_MAX_LENGTH).optional(),
      admin_access: flag('admin_access').optional(),
      approval_page: flag('approval_page').optional(),
      is_active: flag('is_active').optional(),
    },
    { error: 'Nothing to update.' },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to update: send at least one field to change.' });
export type AdminEditUserBody = z.input<typeof adminEditUserBodySchema>;

/** POST /api/v1/admin/users/{id}/password: a temporary password; one is made when none is sent. */
export const setPasswordBodySchema = z
  .object({ password: passwordField.optional() }, { error: 'The body must be an object.' })
  .nullish()
  .transform((body) => body ?? {});
export const setPasswordResponseSchema = successSchema({ message: z.string(), password: z.string() });

// ---------------------------------------------------------------- departments and catalogues

/** A department, company or purchase request type: retired ones stay on old records only. */
export const catalogEntrySchema = z.object({
  id: idSchema,
  name: z.string(),
  retired: z.boolean(),
  /** People in a department, requests naming a company or type. */
  used_by: z.number().int().nonnegative(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;
export const CATALOGS = ['departments', 'companies', 'purchase-request-types'] as const;
export type CatalogName = (typeof CATALOGS)[number];
export const catalogResponseSchema = successSchema({ entries: z.array(catalogEntrySchema) });
export const catalogCreateBodySchema = z.object({ name: requiredText('Name', NAME_MAX_LENGTH) }, { error: 'Name is required.' });
export const catalogUpdateBodySchema = z
  .object({ name: requiredText('Name', NAME_MAX_LENGTH).optional(), retired: flag('retired').optional() }, { error: 'Nothing to update.' })
  .refine((body) => body.name !== undefined || body.retired !== undefined, { error: 'Nothing to update: send name or retired.' });
export const catalogEntryResponseSchema = successSchema({ message: z.string(), entry: catalogEntrySchema });

// ---------------------------------------------------------------- forms: access and chains

export const adminFormSchema = z.object({ id: idSchema, name: z.string(), type: z.enum(FORM_TYPES), has_amounts: z.boolean() });
export const adminFormsResponseSchema = successSchema({ forms: z.array(adminFormSchema) });

const pages = { add_page: flag('add_page'), view_page: flag('view_page'), open_page: flag('open_page') };
/** Answers name each department and person; a saved body may leave the names out. */
const shownName = z.string().optional();
export const formAccessSchema = z.object(
  {
    departments: z.array(z.object({ department_id: idSchema, name: shownName, ...pages })).max(500),
    users: z.array(z.object({ user_id: idSchema, name: shownName, ...pages })).max(5000),
  },
  { error: 'Send departments and users, each with add_page, view_page and open_page.' },
);
export type FormAccessGrants = z.infer<typeof formAccessSchema>;
export const formAccessResponseSchema = successSchema({ access: formAccessSchema });

const chainLevelSchema = z.object({
  approver_ids: z.array(idSchema).max(100),
  /** Answers name the approvers, in the order of approver_ids; a saved body may leave them out. */
  approvers: z.array(z.object({ id: idSchema, display_name: z.string() })).optional(),
  needed: z.number({ error: 'needed must be a number.' }).int({ error: 'needed must be a whole number.' }).min(0).max(100),
});
export const chainBandSchema = z.object({
  min_amount: pesosSchema,
  max_amount: pesosSchema.nullable(),
  level_1: chainLevelSchema,
  level_2: chainLevelSchema,
});
export const approvalChainSchema = z.object({ bands: z.array(chainBandSchema).max(20) }, { error: 'Send the chain as {bands}.' });
export type ApprovalChain = z.infer<typeof approvalChainSchema>;
export const approvalChainResponseSchema = successSchema({ chain: approvalChainSchema });

// ---------------------------------------------------------------- delegation

const personRef = z.object({ id: idSchema, display_name: z.string() });

export const delegationSchema = z.object({
  id: idSchema,
  approver: personRef,
  delegate: personRef,
  starts_on: z.string(),
  ends_on: z.string(),
  created_by: personRef,
  createdAt: isoDateSchema,
  is_active: z.boolean(),
});
export type DelegationEntry = z.infer<typeof delegationSchema>;
export const delegationsResponseSchema = successSchema({ delegations: z.array(delegationSchema) });
export const createDelegationBodySchema = z.object(
  {
    /** Whose seats: the caller's own when left out; an administrator may name anyone. */
    approver_id: idSchema.optional(),
    delegate_id: idSchema,
    starts_on: calendarDay('First day'),
    ends_on: calendarDay('Last day'),
  },
  { error: 'Send delegate_id, starts_on and ends_on.' },
);
export type CreateDelegationBody = z.input<typeof createDelegationBodySchema>;
export const delegationResponseSchema = successSchema({ message: z.string(), delegation: delegationSchema });
export const delegationsQuerySchema = z.object({
  /** mine (default): given or received by the caller; all: every current one (administrators). */
  scope: z.enum(['mine', 'all'], { error: 'scope must be mine or all.' }).default('mine'),
});

// ---------------------------------------------------------------- withdrawing and correcting

export const withdrawResponseSchema = successSchema({ message: z.string(), status: z.enum(REQUEST_STATUSES) });
export const submitQuerySchema = z.object({
  /** The caller's denied request this one corrects. */
  copy_of: idParam('copy_of').optional(),
});

// ---------------------------------------------------------------- settings, overdue, audit

export const MESSAGE_EDIT_WINDOW_MAX_MINUTES = 43_200;

/** A whole number within bounds, or null for "off". */
const wholeOrOff = (name: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${name} must be a number, or null for off.` })
    .int({ error: `${name} must be a whole number.` })
    .min(min, { error: `${name} must be at least ${min} ${unit}.` })
    .max(max, { error: `${name} must be at most ${max} ${unit}.` })
    .nullable();

/** Retention never deletes anything younger than this: a slip of the keyboard cannot empty the chat. */
export const RETENTION_MIN_DAYS = 30;

const settingsFields = {
  /** An approver's pending item older than this many days brings a daily reminder. */
  reminder_days: z.number({ error: 'reminder_days must be a number.' }).int({ error: 'reminder_days must be a whole number.' }).min(1, { error: 'Reminders come after at least 1 day.' }).max(60, { error: 'Reminders come after at most 60 days.' }),
  /** How long after sending one may edit a message's text, in minutes; null: no limit (issue 19). */
  message_edit_window_minutes: z
    .number({ error: 'message_edit_window_minutes must be a number of minutes, or null for no limit.' })
    .int({ error: 'message_edit_window_minutes must be a whole number.' })
    .min(1, { error: 'The edit window is at least 1 minute (null: no limit).' })
    .max(MESSAGE_EDIT_WINDOW_MAX_MINUTES, { error: `The edit window is at most ${MESSAGE_EDIT_WINDOW_MAX_MINUTES} minutes (30 days); null: no limit.` })
    .nullable(),
  /** Messages older than this many days are deleted (pinned ones and held conversations kept); null: kept for ever. */
  retention_days: wholeOrOff('retention_days', RETENTION_MIN_DAYS, 36_500, 'days'),
  /** What one person's message and request files may add up to; null: no limit. */
  upload_quota_per_user_mb: wholeOrOff('upload_quota_per_user_mb', 1, 10_000_000, 'MB'),
  /** What everyone's message and request files may add up to; null: no limit. */
  upload_quota_total_mb: wholeOrOff('upload_quota_total_mb', 1, 100_000_000, 'MB'),
};
/** Every setting; those added later read as off when a client or an older row leaves them out. */
export const settingsSchema = z.object({
  ...settingsFields,
  message_edit_window_minutes: settingsFields.message_edit_window_minutes.default(null),
  retention_days: settingsFields.retention_days.default(null),
  upload_quota_per_user_mb: settingsFields.upload_quota_per_user_mb.default(null),
  upload_quota_total_mb: settingsFields.upload_quota_total_mb.default(null),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsResponseSchema = successSchema({ settings: settingsSchema });
/** Only the settings sent change (no defaults filled in, or a change of one would reset the others). */
export const settingsUpdateBodySchema = z
  .object(settingsFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update.' });
// ---------------------------------------------------------------- legal holds

/** A conversation as the hold calls show it: a group's name, or its members' names for a personal one. */
export const heldConversationSchema = z.object({
  id: idSchema,
  name: z.string(),
  is_group: z.boolean(),
  legal_hold: z.boolean(),
});
export type HeldConversation = z.infer<typeof heldConversationSchema>;
export const legalHoldBodySchema = z.object(
  { legal_hold: z.boolean({ error: 'legal_hold must be true or false.' }) },
  { error: 'Send {legal_hold: true} or {legal_hold: false}.' },
);
export const legalHoldResponseSchema = successSchema({ message: z.string(), conversation: heldConversationSchema });
export const legalHoldsResponseSchema = successSchema({ conversations: z.array(heldConversationSchema) });

export const overdueRequestSchema = requestListItemSchema.extend({
  waiting_on: z.array(personRef),
  waiting_days: z.number().int().nonnegative(),
});
export const overdueResponseSchema = successSchema({ requests: z.array(overdueRequestSchema) });

export const auditEntrySchema = z.object({
  id: idSchema,
  actor: personRef.nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  address: z.string().nullable(),
  createdAt: isoDateSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuery(50, 200).extend({
  action: optionalText('Action', 80).optional(),
  actor_id: idParam('actor_id').optional(),
  target_type: optionalText('Target', 40).optional(),
  target_id: idParam('target_id').optional(),
  from: calendarDay('From').optional(),
  to: calendarDay('To').optional(),
});
export const auditResponseSchema = successSchema({ entries: z.array(auditEntrySchema), total: z.number().int().nonnegative() });

// ---------------------------------------------------------------- CSV

/** The CSV's columns, in this order, with a header row. */
export const USER_CSV_COLUMNS = ['first_name', 'last_name', 'email_address', 'username', 'department'] as const;
export const csvBodySchema = z.object(
  { csv: z.string({ error: 'Send the file as csv text.' }).max(5_000_000, { error: 'The file is too large (at most 5 MB).' }) },
  { error: 'Send the file as csv text.' },
);
export const importRowSchema = z.object({
  line: z.number().int().positive(),
  outcome: z.enum(['create', 'update', 'invalid']),
  reason: z.string().nullable(),
  user: z.object(Object.fromEntries(USER_CSV_COLUMNS.map((column) => [column, z.string()])) as Record<(typeof USER_CSV_COLUMNS)[number], z.ZodString>),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importPreviewResponseSchema = successSchema({
  rows: z.array(importRowSchema),
  summary: z.object({ create: z.number().int(), update: z.number().int(), invalid: z.number().int() }),
});
export const importResponseSchema = successSchema({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  /** The temporary password of each new person, shown once; they must change it at first sign-in. */
  passwords: z.array(z.object({ username: z.string(), password: z.string() })),
});

export const requestsExportQuerySchema = z.object({
  form_type: z.enum(FORM_TYPES, { error: 'Unknown form type.' }).optional(),
  status: z.enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(', ')}.` }).optional(),
  from: calendarDay('From').optional(),
  to: calendarDay('To').optional(),
});

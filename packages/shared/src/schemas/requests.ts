/**
 * The requests side's calls (001 §3, §7): forms, permissions, request lists, detail and
 * votes. The per-form submission payloads are defined with the requests issue, which
 * validates every field of the eight forms.
 */
import { z } from 'zod';
import {
  ACCUMULATED_HOURS,
  FORM_TYPES,
  ISSUED_TO,
  NC_SOURCES,
  OFFENSES,
  OFFSET_TYPES,
  PENALTIES,
  PROVINCES_BY_REGION,
  REGIONS,
  REQUEST_STATUSES,
  RULE_NUMBERS,
  SO_LO_REQUEST_TYPES,
  WAREHOUSES,
  type FormType,
  type SubmitKind,
} from '../options.js';
import { hasAtMostTwoDecimals, MAX_PESOS } from '../format.js';
import { REQUEST_PAGE_MAX_LIMIT } from '../constants.js';
import { idSchema, isoDateSchema, paginationSchema, successSchema } from './common.js';
import { isTimeZone } from '../policies/notifications.js';

export const formTypeSchema = z.enum(FORM_TYPES, { error: 'Unknown form type.' });

export const formPermissionsSchema = z.object({
  add_page: z.boolean(),
  view_page: z.boolean(),
  open_page: z.boolean(),
});

export const formDetailsSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: formTypeSchema,
  add_page: z.boolean(),
});

export const formsResponseSchema = successSchema({
  forms: z.array(z.object({ form_id: idSchema, form_details: formDetailsSchema, createdAt: isoDateSchema })),
});
export const formDetailResponseSchema = successSchema({
  permissions: formPermissionsSchema,
  form_details: formDetailsSchema.extend({
    companies: z.array(z.object({ id: idSchema, name: z.string() })),
    purchase_request_types: z.array(z.object({ id: idSchema, name: z.string() })),
  }),
});
export const pagePermissionsResponseSchema = successSchema({
  permissions: z.object({ approval_page: z.boolean() }),
});

/**
 * An amount in an answer: pesos as a JSON number with at most 2 decimals (1234.56 is
 * ₱1,234.56), the way the clients send them. The server keeps integer centavos and converts
 * with centavosToPesos when it builds the answer. Never negative.
 */
export const pesosSchema = z
  .number()
  .nonnegative()
  .max(MAX_PESOS)
  .refine(hasAtMostTwoDecimals, { error: 'An amount in pesos has at most 2 decimals.' });
const PESOS_DESCRIPTION = 'pesos, at most 2 decimals (1234.56 = ₱1,234.56)';

/** A request as the three lists show it (001 §3 Request list item). */
export const requestListItemSchema = z.object({
  id: idSchema,
  reference_id: z.string(),
  request_type: formTypeSchema,
  request_link_id: idSchema,
  form_id: idSchema,
  createdAt: isoDateSchema,
  total_cost: pesosSchema.nullable().describe(PESOS_DESCRIPTION),
  overall_approval_status: z.boolean(),
  status: z.enum(REQUEST_STATUSES),
  requester_user_detail: z.object({ first_name: z.string(), last_name: z.string() }),
  user_detail: z.object({ display_name: z.string() }),
});
/**
 * My Requests, Pending Approvals and History. `pagination` is there only when the caller
 * asked for a page (`page` or `limit`); without them a list answers as the document's call
 * always did (docs/DECISIONS.md, "Requests and approvals", Lists).
 */
export const requestListResponseSchema = successSchema({
  requests: z.array(requestListItemSchema),
  pagination: paginationSchema.optional().describe('Only when page or limit was given: the page, its size and how many requests match in all.'),
});

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be ${min} or more.` })
    .max(max, { error: `${label} must be at most ${max}.` });

/**
 * The query of the three request lists: a page (`page`, `limit`), a search (`query`: the
 * reference id, the request type by code or name, the date as the list shows it, the
 * names the list shows) and the zone the dates are read in (`time_zone`, the viewer's;
 * Asia/Manila when absent). Without page and limit the answer is every row, as before.
 */
export const requestListQuerySchema = z.object({
  page: wholeNumber('Page', 1, 1_000_000).optional(),
  limit: wholeNumber('Limit', 1, REQUEST_PAGE_MAX_LIMIT).optional(),
  query: z.string({ error: 'Search text must be text.' }).trim().max(200, { error: 'Search text must be at most 200 characters.' }).optional(),
  time_zone: z
    .string({ error: 'time_zone must be text.' })
    .max(64, { error: 'time_zone must be a time zone such as Asia/Manila.' })
    .refine(isTimeZone, { error: 'time_zone must be a time zone such as Asia/Manila.' })
    .optional(),
});
export type RequestListQuery = z.output<typeof requestListQuerySchema>;

/** History's `query` is the document's own; page, limit and time_zone are the lists' additions. */
export const historyQuerySchema = requestListQuerySchema;

export const approverSchema = z.object({
  id: idSchema,
  display_name: z.string(),
  profile_photo: z.string().nullable(),
  approved: z.boolean(),
  has_voted: z.boolean(),
  date: isoDateSchema.nullable(),
  comment: z.string().nullable(),
  /** A stand-in who voted in this seat for the approver (an added key); null otherwise. */
  voted_by: z.object({ id: idSchema, display_name: z.string() }).nullable(),
});

export const approvalSchema = z.object({
  first_level_approval: z.array(approverSchema),
  second_level_approval: z.array(approverSchema),
  initial_approval_needed_count: z.number().int().nonnegative(),
  executive_approval_needed_count: z.number().int().nonnegative(),
});

/**
 * POST /api/v1/forms/me/requests. `status` is the original's vote; `comment` is an added
 * key, and a denial must carry one (docs/DECISIONS.md, "Requests and approvals").
 */
export const voteBodySchema = z
  .object(
    {
      form_id: idSchema,
      request_id: idSchema,
      status: z.enum(['approved', 'denied'], { error: 'status must be approved or denied.' }),
      comment: z.string().trim().max(1000, { error: 'A comment can be at most 1000 characters.' }).optional(),
      /** A stand-in for two approvers of one level says whose seat they vote in (an added key). */
      on_behalf_of: idSchema.optional(),
    },
    { error: 'form_id, request_id and status are required.' },
  )
  .refine((vote) => vote.status !== 'denied' || (vote.comment ?? '').length > 0, {
    error: 'Please give a reason for the denial.',
    path: ['comment'],
  });
export type VoteBody = z.input<typeof voteBodySchema>;

// ---------------------------------------------------------------- the eight forms' payloads
//
// Every submit is POST /api/v1/forms/{kind}/{formId}. ePR, prospecting, transmittal and the
// other forms with files are multipart: the JSON below goes in the `data` part and files in
// the fields of FORM_FILE_FIELDS. Offset is plain JSON. The server checks everything again
// and recomputes every amount; nothing a client computes is trusted.

const MAX_ROWS = 50;
const TEXT_MAX = 2000;
const SHORT_MAX = 200;

const requiredField = (label: string, max = SHORT_MAX) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });
const optionalField = (label: string, max = SHORT_MAX) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .optional()
    .default('');
const oneOf = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.enum(options, { error: `Choose a valid ${label}.` });

/** A calendar date typed as YYYY-MM-DD that exists. */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD).` })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, { error: `${label} is not a real date.` });

/**
 * A peso amount as typed ('1,250.50', 1250.5) → integer centavos. At most two decimals;
 * negative amounts are refused.
 */
export const pesoAmountSchema = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number.` })
    .transform((value, context) => {
      const text = String(value).replace(/[₱,\s]/g, '');
      if (text === '') return 0;
      const match = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(text);
      if (!match) {
        context.addIssue({ code: 'custom', message: `${label} must be an amount in pesos with at most 2 decimals.` });
        return z.NEVER;
      }
      return Number(match[1]) * 100 + Number(((match[2] ?? '') + '00').slice(0, 2));
    });

/** A quantity: positive, at most 2 decimals, at most 1 000 000. */
export const quantitySchema = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .refine((value) => Number.isFinite(value) && value > 0, { error: `${label} must be more than 0.` })
    .refine((value) => value <= 1_000_000, { error: `${label} must be at most 1,000,000.` })
    .refine((value) => Math.round(value * 100) === value * 100 || Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: `${label} can have at most 2 decimals.`,
    });

const rows = <T extends z.ZodType>(label: string, row: T, min = 1) =>
  z
    .array(row, { error: `${label} must be a list.` })
    .min(min, { error: `Add at least ${min} ${label.toLowerCase()} row.` })
    .max(MAX_ROWS, { error: `At most ${MAX_ROWS} ${label.toLowerCase()} rows.` });

export const eprDataSchema = z.object(
  {
    company_id: z.coerce.number({ error: 'Choose a company.' }).int().positive({ error: 'Choose a company.' }),
    recommended_supplier: optionalField('Recommended supplier'),
    purchase_request_id: z.coerce
      .number({ error: 'Choose the type of purchase request.' })
      .int()
      .positive({ error: 'Choose the type of purchase request.' }),
    urgent: z.boolean({ error: 'Urgent must be true or false.' }).optional().default(false),
    date_needed: calendarDateSchema('Date needed'),
    requisitions: rows(
      'Requisition',
      z.object({
        description: requiredField('Description', TEXT_MAX),
        remarks: optionalField('Remarks', TEXT_MAX),
        quantity: quantitySchema('Quantity'),
        price: pesoAmountSchema('Estimated price'),
      }),
    ),
  },
  { error: 'The request details are missing.' },
);
export type EprData = z.input<typeof eprDataSchema>;

export const offsetBodySchema = z.object(
  {
    offsettingRows: rows(
      'Extended hours',
      z.object({
        date: calendarDateSchema('Date of extended hours'),
        accumulatedHrs: z.coerce
          .number({ error: 'Accumulated hours must be 2, 3, 4 or 5.' })
          .refine((hours) => (ACCUMULATED_HOURS as readonly number[]).includes(hours), {
            error: 'Accumulated hours must be 2, 3, 4 or 5.',
          }),
      }),
    ),
    totalHours: z.unknown().optional(),
    dateOffset: calendarDateSchema('Date of offset'),
    typeOffset: oneOf('type of offset', OFFSET_TYPES),
  },
  { error: 'The request details are missing.' },
);
export type OffsetBody = z.input<typeof offsetBodySchema>;

export const prospectingDataSchema = z
  .object(
    {
      region: oneOf('region', REGIONS),
      province: requiredField('Province'),
      specificAddress: requiredField('Specific address', 500),
      companyName: requiredField('Company name'),
      contactName: requiredField('Contact name'),
      position: requiredField('Position'),
      mobileNumber: optionalField('Mobile number', 40),
      telephone1: optionalField('Telephone No. 1', 40),
      telephone2: optionalField('Telephone No. 2', 40),
      supplier: optionalField('Supplier'),
      volume: optionalField('Volume'),
      prospectsEmail: z
        .union([z.literal(''), z.email({ error: "Prospect's email must be an email address." }).max(SHORT_MAX)])
        .optional()
        .default(''),
    },
    { error: 'The request details are missing.' },
  )
  .refine((data) => PROVINCES_BY_REGION[data.region].includes(data.province), {
    error: 'Choose a province of the chosen region.',
    path: ['province'],
  });
export type ProspectingData = z.input<typeof prospectingDataSchema>;

export const transmittalDataSchema = z.object(
  {
    receiver: requiredField('Receiver'),
    transmittals: rows(
      'Item',
      z.object({
        description: requiredField('Received items', TEXT_MAX),
        quantity: quantitySchema('Quantity'),
        price: pesoAmountSchema('Amount').optional().default(0),
        remarks: optionalField('Remarks', TEXT_MAX),
      }),
    ),
  },
  { error: 'The request details are missing.' },
);
export type TransmittalData = z.input<typeof transmittalDataSchema>;

export const explainWhyDataSchema = z.object(
  {
    manager: requiredField('Manager'),
    explanation: requiredField('Explanation', 5000),
    penalty: oneOf('penalty', PENALTIES),
    offense: oneOf('offense', OFFENSES),
    rule_no: oneOf('rule number', RULE_NUMBERS),
  },
  { error: 'The request details are missing.' },
);
export type ExplainWhyData = z.input<typeof explainWhyDataSchema>;

export const ccarDataSchema = z.object(
  {
    issued_to: oneOf('department to issue to', ISSUED_TO),
    nc_source: oneOf('nonconformity source', NC_SOURCES),
    warehouse: oneOf('warehouse', WAREHOUSES),
    reference_number: optionalField('Customer / audit reference number'),
    description: requiredField('Description of the nonconformity', 5000),
  },
  { error: 'The request details are missing.' },
);
export type CcarData = z.input<typeof ccarDataSchema>;

export const soLoDataSchema = z.object(
  {
    request_type: oneOf('type of request', SO_LO_REQUEST_TYPES),
    urgent: z.boolean({ error: 'Urgent must be true or false.' }).optional().default(false),
    date_needed: calendarDateSchema('Date needed'),
    description: requiredField('Description of request', 5000),
  },
  { error: 'The request details are missing.' },
);
export type SoLoData = z.input<typeof soLoDataSchema>;

const salesActivityRow = z.object({
  company_name: requiredField('Company name'),
  comments: optionalField('Comments', TEXT_MAX),
  action_to_be_done: optionalField('Action to be done', TEXT_MAX),
  order: optionalField('Order', TEXT_MAX),
});
export const edsrDataSchema = z
  .object(
    {
      visits: z.array(salesActivityRow, { error: 'Visits must be a list.' }).max(MAX_ROWS).optional().default([]),
      calls: z.array(salesActivityRow, { error: 'Calls must be a list.' }).max(MAX_ROWS).optional().default([]),
    },
    { error: 'The request details are missing.' },
  )
  .refine((data) => data.visits.length + data.calls.length > 0, { error: 'Add at least one visit or call.' });
export type EdsrData = z.input<typeof edsrDataSchema>;

/** The schema of each form's data, as the server reads a submission of that form. */
export const FORM_DATA_SCHEMAS = {
  epr: eprDataSchema,
  offsetting: offsetBodySchema,
  prospecting: prospectingDataSchema,
  transmittal: transmittalDataSchema,
  'explain-why': explainWhyDataSchema,
  ccar: ccarDataSchema,
  'so-lo': soLoDataSchema,
  edsr: edsrDataSchema,
} as const satisfies Record<FormType, z.ZodType>;

/** The submit path segment of each form type ('prospecting' also takes explain-why, ccar and so-lo). */
export const SUBMIT_KINDS: Record<FormType, SubmitKind> = {
  epr: 'epr',
  offsetting: 'offset',
  prospecting: 'prospecting',
  transmittal: 'transmittal',
  'explain-why': 'explain-why',
  ccar: 'ccar',
  'so-lo': 'so-lo',
  edsr: 'edsr',
};

/**
 * File fields each form accepts, with how many files each may carry. Row files are named
 * `<prefix>_<rowIndex>` (e.g. `attachments_0` for the first requisition row).
 */
export const FORM_FILE_FIELDS: Record<FormType, { fields: Record<string, number>; rowFields?: { prefix: string; rows: string; max: number }[] }> = {
  epr: { fields: {}, rowFields: [{ prefix: 'attachments', rows: 'requisitions', max: 10 }] },
  offsetting: { fields: {} },
  prospecting: { fields: { prospectingImages: 10 } },
  transmittal: { fields: { transmittal_file: 5 } },
  'explain-why': { fields: { explain_files: 10, manager_signature: 1 } },
  ccar: { fields: { ccar_images: 10 } },
  'so-lo': { fields: { signature: 1 } },
  edsr: {
    fields: { signature: 1 },
    rowFields: [
      { prefix: 'visit_proof', rows: 'visits', max: 10 },
      { prefix: 'call_proof', rows: 'calls', max: 10 },
    ],
  },
};
export const MAX_FORM_ROWS = MAX_ROWS;

export const submittedRequestSchema = z.object({
  id: idSchema,
  reference_id: z.string(),
  request_type: formTypeSchema,
  createdAt: isoDateSchema,
});
/** The original's key per form (requisition, offset, prospecting, transmittal) plus `request`. */
export const submitResponseSchema = successSchema({
  message: z.string(),
  request: submittedRequestSchema,
  requisition: submittedRequestSchema.optional(),
  offset: submittedRequestSchema.optional(),
  prospecting: submittedRequestSchema.optional(),
  transmittal: submittedRequestSchema.optional(),
});

// ---------------------------------------------------------------- detail, votes, reports

export const requestFileSchema = z.object({
  id: idSchema,
  field: z.string(),
  attachment: z.string().describe('stored name under /assets/requests-attachments/'),
  original_name: z.string(),
  file_type: z.string(),
  size: z.number().int().nonnegative(),
});

export const requestLineSchema = z.object({
  id: idSchema,
  kind: z.string(),
  description: z.string(),
  remarks: z.string(),
  quantity: z.number(),
  estimated_price: pesosSchema.nullable().describe(PESOS_DESCRIPTION),
  estimated_cost: pesosSchema.nullable().describe(PESOS_DESCRIPTION),
  data: z.record(z.string(), z.unknown()).nullable(),
  purchases_attachment_detail: z.array(requestFileSchema),
  purchases_files_detail: z.array(requestFileSchema),
});

export const voteRecordSchema = z.object({
  id: idSchema,
  level: z.number().int(),
  status: z.enum(['approved', 'denied']),
  comment: z.string().nullable(),
  createdAt: isoDateSchema,
  approver: z.object({ id: idSchema, display_name: z.string() }),
  /** The stand-in who cast it for the approver (an added key); null when the approver did. */
  cast_by: z.object({ id: idSchema, display_name: z.string() }).nullable(),
});

export const requestDetailSchema = z.object({
  requisition: z.object({
    form_id: idSchema,
    request_type: formTypeSchema,
    form_name: z.string(),
    form_request_detail: z.object({ id: idSchema, reference_id: z.string() }),
    user_detail: z.object({
      id: idSchema,
      first_name: z.string(),
      last_name: z.string(),
      display_name: z.string(),
      email_address: z.string(),
      department: z.string().nullable(),
      profile_photo: z.string().nullable(),
    }),
    pr_company_detail: z.object({ name: z.string() }).nullable(),
    pr_request_detail: z.object({ name: z.string() }).nullable(),
    urgent: z.boolean(),
    recommended_supplier: z.string().nullable(),
    date_needed: z.string().nullable(),
    total_cost: pesosSchema.nullable().describe(PESOS_DESCRIPTION),
    createdAt: isoDateSchema,
    /** The form's own fields (everything that is not a line or a file), as filed. */
    details: z.record(z.string(), z.unknown()),
    pr_purchases_detail: z.array(requestLineSchema),
    files: z.array(requestFileSchema),
  }),
  approval: approvalSchema,
  overall_approval_status: z.boolean(),
  status: z.enum(REQUEST_STATUSES),
  current_level: z.number().int(),
  /** Whether the caller may approve or deny now. */
  can_vote: z.boolean(),
  /** Whose seat the caller's vote goes in when they stand in for an approver; null for their own. */
  votes_on_behalf_of: z.object({ id: idSchema, display_name: z.string() }).nullable(),
  /** Whether the caller, its requester, may withdraw it now. */
  can_withdraw: z.boolean(),
  /** Whether the caller may file a corrected copy of it (their own denied request). */
  can_copy: z.boolean(),
  /** The denied request this one corrects, when it was filed as its copy. */
  copied_from: z.object({ id: idSchema, reference_id: z.string() }).nullable(),
  votes: z.array(voteRecordSchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;
export const requestDetailResponseSchema = successSchema({ request: requestDetailSchema });

export const voteResponseSchema = successSchema({
  message: z.string(),
  status: z.enum(REQUEST_STATUSES),
  overall_approval_status: z.boolean(),
});

export const chartSliceSchema = z.object({ id: z.string(), value: z.number(), label: z.string() });
/** A slice whose value is an amount: pesos, like every amount in an answer. */
export const moneySliceSchema = chartSliceSchema.extend({ value: pesosSchema.describe(PESOS_DESCRIPTION) });
export const reportsResponseSchema = successSchema({
  reports: z.object({
    my_requests_by_status: z.array(chartSliceSchema),
    my_requests_by_type: z.array(chartSliceSchema),
    /** Pesos requested per month (ePR totals, last 6 months), summed in centavos, value in pesos. */
    amounts_by_month: z.array(moneySliceSchema),
    /** Requests awaiting the caller's vote, by type; empty for non-approvers. */
    awaiting_me_by_type: z.array(chartSliceSchema),
  }),
});

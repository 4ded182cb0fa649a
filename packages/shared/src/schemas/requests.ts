/**
 * The requests side's calls (001 §3, §7): forms, permissions, request lists, detail and
 * votes. The per-form submission payloads are defined with the requests issue, which
 * validates every field of the eight forms.
 */
import { z } from 'zod';
import { FORM_TYPES } from '../options.js';
import { idSchema, isoDateSchema, successSchema } from './common.js';

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

/** A request as the three lists show it (001 §3 Request list item). */
export const requestListItemSchema = z.object({
  id: idSchema,
  reference_id: z.string(),
  request_type: formTypeSchema,
  request_link_id: idSchema,
  form_id: idSchema,
  createdAt: isoDateSchema,
  total_cost: z.number().int().nullable().describe('centavos'),
  overall_approval_status: z.boolean(),
  status: z.enum(['pending', 'approved', 'denied']),
  requester_user_detail: z.object({ first_name: z.string(), last_name: z.string() }),
  user_detail: z.object({ display_name: z.string() }),
});
export const requestListResponseSchema = successSchema({ requests: z.array(requestListItemSchema) });

export const historyQuerySchema = z.object({
  query: z.string().trim().max(200, { error: 'Search text must be at most 200 characters.' }).optional(),
});

export const approverSchema = z.object({
  id: idSchema,
  display_name: z.string(),
  profile_photo: z.string().nullable(),
  approved: z.boolean(),
  has_voted: z.boolean(),
  date: isoDateSchema.nullable(),
  comment: z.string().nullable(),
});

export const approvalSchema = z.object({
  first_level_approval: z.array(approverSchema),
  second_level_approval: z.array(approverSchema),
  initial_approval_needed_count: z.number().int().nonnegative(),
  executive_approval_needed_count: z.number().int().nonnegative(),
});

/**
 * POST /api/v1/forms/me/requests. `status` is the original's vote; `comment` is an added
 * key, and a denial must carry one (issue 6 §4).
 */
export const voteBodySchema = z
  .object(
    {
      form_id: idSchema,
      request_id: idSchema,
      status: z.enum(['approved', 'denied'], { error: 'status must be approved or denied.' }),
      comment: z.string().trim().max(1000, { error: 'A comment can be at most 1000 characters.' }).optional(),
    },
    { error: 'form_id, request_id and status are required.' },
  )
  .refine((vote) => vote.status !== 'denied' || (vote.comment ?? '').length > 0, {
    error: 'Please give a reason for the denial.',
    path: ['comment'],
  });
export type VoteBody = z.input<typeof voteBodySchema>;

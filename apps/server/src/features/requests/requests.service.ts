/**
 * Forms, filing requests and the lists and detail of requests (001 §2–§7). Every form is
 * validated here with the shared schema of its type, every amount is recomputed in integer
 * centavos, and a request, its lines, files and approvers are stored in one transaction.
 * Answers carry amounts in pesos (1234.56): `pesos` below converts each stored centavo
 * amount with the shared centavosToPesos as the answer is built, and sums stay in centavos.
 */
import { rename } from 'node:fs/promises';
import {
  canBeApprovedWithout,
  canFileCorrectedCopy,
  canFileForm,
  canWithdraw,
  canSeeApprovalLists,
  canSeeRequest,
  isAllowed,
  isRefusal,
  votingSeat,
  REQUEST_REFUSALS,
  FORM_DATA_SCHEMAS,
  FORM_FILE_FIELDS,
  manilaToday,
  SUBMIT_KIND_FORM_TYPES,
  FORM_TYPE_NAMES,
  FORM_TYPES,
  MAX_CENTAVOS,
  REFERENCE_PREFIXES,
  REQUEST_PAGE_SIZE,
  TEXT,
  centavosToPesos,
  type FormType,
  type RequestListQuery,
  type RequestStatus,
  type SubmitKind,
} from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/tables.js';
import { nowMs, parseJson, toIso } from '../../db/values.js';
import { badRequest, conflict, enforce, notFound } from '../../errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { FileStore } from '../../storage/file-store.js';
import type { AuthUser } from '../../auth/auth-user.js';
import type { NotificationPush } from '../notifications/notification-push.js';
import type { NewNotification, NotificationsRepository } from '../notifications/notifications.repository.js';
import type { DelegationsRepository } from './delegations.repository.js';
import { historySearchAsBefore, requestSearch, type RequestSearch } from './request-search.js';
import type { ListSearch, NewLine, RequestList, RequestsRepository, SearchedName } from './requests.repository.js';

/** A form whose chain has no band for the amount (an administrator left it without one). */
export const CHAIN_MISSING = 'This form has no approvers set up yet. Please ask an administrator.';

/** The document's response key for the four submits it shows. */
const RESPONSE_KEYS: Partial<Record<string, 'requisition' | 'offset' | 'prospecting' | 'transmittal'>> = {
  epr: 'requisition',
  offset: 'offset',
  prospecting: 'prospecting',
  transmittal: 'transmittal',
};

/** File fields that take pictures only (signatures and photos). */
const IMAGE_ONLY_FIELDS = new Set(['prospectingImages', 'ccar_images', 'signature', 'manager_signature', 'transmittal_file']);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

const isFormType = (type: string): type is FormType => (FORM_TYPES as readonly string[]).includes(type);

/** quantity × unit price in centavos, rounded half up, without floating-point sums. */
export const lineCost = (quantity: number, unitPriceCentavos: number): bigint => {
  const hundredths = BigInt(Math.round(quantity * 100));
  return (hundredths * BigInt(unitPriceCentavos) + 50n) / 100n;
};

/** A computed amount in centavos, refused when it is more than an answer can carry in pesos. */
const toSafeNumber = (value: bigint): number => {
  if (value > BigInt(MAX_CENTAVOS)) throw badRequest('The total cost is too large.');
  return Number(value);
};

/** A stored amount (integer centavos, or null for forms without one) as answers carry it: pesos. */
const pesos = (centavos: number | null): number | null => (centavos === null ? null : centavosToPesos(centavos));

/** A row of the requests lists (requests.repository.ts listBase) as the lists answer it. */
export const toListItem = (row: Awaited<ReturnType<RequestsRepository['listRequests']>>[number]) => ({
  id: row.id,
  reference_id: row.reference_id,
  request_type: row.form_type as FormType,
  request_link_id: row.id,
  form_id: row.form_id,
  createdAt: toIso(row.created_at),
  total_cost: pesos(row.total_cost),
  overall_approval_status: row.status === 'approved',
  status: row.status as RequestStatus,
  requester_user_detail: { first_name: row.first_name, last_name: row.last_name },
  user_detail: { display_name: row.display_name },
});

/** The multipart file spec for a form type: its fields plus one field per possible row. */
export const fileSpecFor = (type: FormType): Record<string, { maxCount: number }> => {
  const spec = FORM_FILE_FIELDS[type];
  const fields: Record<string, { maxCount: number }> = {};
  for (const [field, maxCount] of Object.entries(spec.fields)) fields[field] = { maxCount };
  for (const row of spec.rowFields ?? []) {
    for (let index = 0; index < 50; index += 1) fields[`${row.prefix}_${index}`] = { maxCount: row.max };
  }
  return fields;
};

/** The page a list was asked for; null when neither page nor limit was given (every row, as before). */
const pageOf = (query: RequestListQuery): { page: number; limit: number } | null =>
  query.page === undefined && query.limit === undefined ? null : { page: query.page ?? 1, limit: query.limit ?? REQUEST_PAGE_SIZE };

const withNames = (search: RequestSearch | undefined, names: SearchedName[]): ListSearch | undefined =>
  search === undefined ? undefined : { ...search, names };

/** A list's search as request-search.ts reads the text, in the viewer's zone, over the names the list shows. */
const searchOf = (query: RequestListQuery, names: SearchedName[]): ListSearch | undefined =>
  withNames(requestSearch(query.query, query.time_zone), names);

interface PreparedRequest {
  details: Record<string, unknown>;
  lines: NewLine[];
  totalCost: number | null;
  /** Row file prefix → index of the row's first line in `lines`. */
  rowOffsets: Record<string, { offset: number; count: number }>;
}

export interface RequestsServiceDeps {
  db: Kysely<Database>;
  requests: RequestsRepository;
  delegations: DelegationsRepository;
  notifications: NotificationsRepository;
  push: NotificationPush;
  files: FileStore;
}

export const createRequestsService = ({ db, requests, delegations, notifications, push, files }: RequestsServiceDeps) => {
  /** The caller's delegations in force today and today's date, as the requests policy takes them. */
  const standInsOf = async (userId: number) => {
    const today = manilaToday();
    return { today, delegations: await delegations.activeTo(userId, today) };
  };

  /** A request the caller may see, with its seats; 404 for anyone else. */
  const requireVisibleRequest = async (userId: number, requestId: number) => {
    const request = await requests.findRequest(requestId);
    if (!request) throw notFound(REQUEST_REFUSALS.notFound);
    const [approvers, standIns] = await Promise.all([requests.approversOf(requestId), standInsOf(userId)]);
    enforce(canSeeRequest(userId, request, approvers, standIns));
    return { request, approvers, standIns };
  };

  /** A list as asked: every row (up to UNPAGED_LIMIT) without a page, else the page and the total. */
  const answerList = async (list: RequestList, search: ListSearch | undefined, query: RequestListQuery) => {
    const page = pageOf(query);
    if (page === null) return { requests: (await requests.listRequests(list, search)).map(toListItem) };
    const { rows, total } = await requests.pageOfRequests(list, search, { offset: (page.page - 1) * page.limit, limit: page.limit });
    return { requests: rows.map(toListItem), pagination: { ...page, total } };
  };

  const requireUser = async (userId: number) => {
    const user = await requests.findUserAccess(userId);
    if (!user) throw notFound('That user does not exist.');
    return user;
  };

  const requireApprovalPage = async (userId: number) => {
    const [user, standIns] = await Promise.all([requireUser(userId), standInsOf(userId)]);
    enforce(canSeeApprovalLists(user, standIns.delegations.length > 0));
    return standIns;
  };

  /** Turns validated form data into what is stored: details, lines and the total. */
  const prepare = async (type: FormType, data: Record<string, unknown>): Promise<PreparedRequest> => {
    const today = manilaToday();
    const requireFutureDate = (value: unknown, label: string) => {
      if (typeof value === 'string' && value < today) throw badRequest(`${label} cannot be in the past.`);
    };
    const priced = (rows: { description: string; remarks: string; quantity: number; price: number }[], kind: string) => {
      let total = 0n;
      const lines = rows.map((row, position): NewLine => {
        const cost = lineCost(row.quantity, row.price);
        total += cost;
        return {
          kind,
          position,
          description: row.description,
          remarks: row.remarks,
          quantity: row.quantity,
          unitPrice: row.price,
          cost: toSafeNumber(cost),
          data: null,
        };
      });
      return { lines, total: toSafeNumber(total) };
    };

    switch (type) {
      case 'epr': {
        const epr = data as z.output<typeof FORM_DATA_SCHEMAS.epr>;
        requireFutureDate(epr.date_needed, 'Date needed');
        const [company, prType] = await Promise.all([
          requests.findCompany(epr.company_id),
          requests.findPurchaseRequestType(epr.purchase_request_id),
        ]);
        if (!company) throw badRequest('Choose a company.');
        if (!prType) throw badRequest('Choose the type of purchase request.');
        const { lines, total } = priced(epr.requisitions, 'requisition');
        return {
          details: {
            company_id: company.id,
            company_name: company.name,
            recommended_supplier: epr.recommended_supplier,
            purchase_request_id: prType.id,
            purchase_request_type: prType.name,
            urgent: epr.urgent,
            date_needed: epr.date_needed,
          },
          lines,
          totalCost: total,
          rowOffsets: { attachments: { offset: 0, count: lines.length } },
        };
      }
      case 'transmittal': {
        const transmittal = data as z.output<typeof FORM_DATA_SCHEMAS.transmittal>;
        const { lines, total } = priced(transmittal.transmittals, 'transmittal');
        return { details: { receiver: transmittal.receiver }, lines, totalCost: total, rowOffsets: {} };
      }
      case 'offsetting': {
        const offset = data as z.output<typeof FORM_DATA_SCHEMAS.offsetting>;
        const totalHours = offset.offsettingRows.reduce((sum, row) => sum + row.accumulatedHrs, 0);
        return {
          details: { totalHours, dateOffset: offset.dateOffset, typeOffset: offset.typeOffset },
          lines: offset.offsettingRows.map((row, position) => ({
            kind: 'offset',
            position,
            description: row.date,
            remarks: '',
            quantity: row.accumulatedHrs,
            unitPrice: null,
            cost: null,
            data: { date: row.date, accumulatedHrs: row.accumulatedHrs },
          })),
          totalCost: null,
          rowOffsets: {},
        };
      }
      case 'edsr': {
        const edsr = data as z.output<typeof FORM_DATA_SCHEMAS.edsr>;
        const activity = (rows: typeof edsr.visits, kind: string, start: number) =>
          rows.map((row, index): NewLine => ({
            kind,
            position: start + index,
            description: row.company_name,
            remarks: row.comments,
            quantity: 0,
            unitPrice: null,
            cost: null,
            data: { action_to_be_done: row.action_to_be_done, order: row.order },
          }));
        return {
          details: { visits: edsr.visits.length, calls: edsr.calls.length },
          lines: [...activity(edsr.visits, 'visit', 0), ...activity(edsr.calls, 'call', edsr.visits.length)],
          totalCost: null,
          rowOffsets: {
            visit_proof: { offset: 0, count: edsr.visits.length },
            call_proof: { offset: edsr.visits.length, count: edsr.calls.length },
          },
        };
      }
      case 'so-lo': {
        requireFutureDate(data['date_needed'], 'Date needed');
        return { details: data, lines: [], totalCost: null, rowOffsets: {} };
      }
      default:
        return { details: data, lines: [], totalCost: null, rowOffsets: {} };
    }
  };

  /** Where each uploaded file belongs: a request-level field, or a row's line. */
  const placeFiles = (prepared: PreparedRequest, uploads: UploadedFile[]) =>
    uploads.map((file) => {
      const extension = file.originalName.split('.').pop()?.toLowerCase() ?? '';
      if (IMAGE_ONLY_FIELDS.has(file.field) && !IMAGE_EXTENSIONS.has(extension)) {
        throw badRequest(`${file.originalName} is not an image: this field takes JPEG, PNG, WebP or GIF pictures.`);
      }
      if (file.size === 0) throw badRequest(`${file.originalName} is empty.`);
      const match = /^(.+)_(\d+)$/.exec(file.field);
      const row = match ? prepared.rowOffsets[match[1]!] : undefined;
      if (match && row) {
        const index = Number(match[2]);
        if (index >= row.count) throw badRequest(`${file.originalName} belongs to a row that does not exist.`);
        return { file, lineIndex: row.offset + index };
      }
      return { file, lineIndex: null };
    });

  return {
    /** approval_page is also true for a stand-in of today, who decides for their approver. */
    async pagePermissions(userId: number) {
      const [user, standIns] = await Promise.all([requireUser(userId), standInsOf(userId)]);
      return { approval_page: isAllowed(canSeeApprovalLists(user, standIns.delegations.length > 0)) };
    },

    async listForms(userId: number) {
      const user = await requireUser(userId);
      const forms = await requests.formsFor(userId, user.department_id);
      return forms
        .filter((form) => isFormType(form.type) && form.view_page)
        .map((form) => ({
          form_id: form.id,
          form_details: { id: form.id, name: form.name, type: form.type as FormType, add_page: form.add_page },
          createdAt: toIso(form.created_at),
        }));
    },

    /** A form with the caller's permissions; all false when the caller has no grant. */
    async formDetail(userId: number, formId: number) {
      const user = await requireUser(userId);
      const form = await requests.findForm(formId);
      if (!form || !isFormType(form.type)) throw notFound('That form does not exist.');
      const [access] = await requests.formsFor(userId, user.department_id, formId);
      const [companies, purchaseRequestTypes] = await Promise.all([requests.listCompanies(), requests.listPurchaseRequestTypes()]);
      return {
        permissions: {
          add_page: access?.add_page ?? false,
          view_page: access?.view_page ?? false,
          open_page: access?.open_page ?? false,
        },
        form_details: {
          id: form.id,
          name: form.name,
          type: form.type,
          add_page: access?.add_page ?? false,
          companies: form.type === 'epr' ? companies : [],
          purchase_request_types: form.type === 'epr' ? purchaseRequestTypes : [],
        },
      };
    },

    /**
     * The form a submit is for, once the caller may file it (add, view and open) and the
     * path fits its type. Read before the body, so the body is parsed for that form.
     */
    async formForSubmit(userId: number, formId: number, kind: SubmitKind, copyOf?: number) {
      const user = await requireUser(userId);
      const form = await requests.findForm(formId);
      if (!form || !isFormType(form.type)) throw notFound('That form does not exist.');
      const [access] = await requests.formsFor(userId, user.department_id, formId);
      enforce(canFileForm(access));
      if (!(SUBMIT_KIND_FORM_TYPES[kind] as readonly FormType[]).includes(form.type)) {
        throw badRequest(`This form is filed with POST /api/v1/forms/${kind === 'offset' ? 'offset' : form.type === 'offsetting' ? 'offset' : form.type}/${form.id}.`);
      }
      if (copyOf !== undefined) {
        const original = await requests.findRequest(copyOf);
        if (!original || original.requester_id !== userId) throw notFound(REQUEST_REFUSALS.notFound);
        enforce(canFileCorrectedCopy(userId, original));
        if (original.form_id !== form.id) throw badRequest('A corrected copy is filed with the form of the request it corrects.');
      }
      return {
        id: form.id,
        name: form.name,
        type: form.type,
        kind,
        copiedFromId: copyOf ?? null,
        schema: FORM_DATA_SCHEMAS[form.type],
        files: fileSpecFor(form.type),
      };
    },

    /** Files a request: request, lines, files and approvers in one transaction. */
    async submit(caller: AuthUser, form: { id: number; type: FormType; kind: string; copiedFromId: number | null }, data: Record<string, unknown>, uploads: UploadedFile[]) {
      const prepared = await prepare(form.type, data);
      const placed = placeFiles(prepared, uploads);
      // The chain of the band the total falls in is copied onto the request (docs/DESIGN.md,
      // "Approvals that cannot double-count"); nobody approves their own request.
      const band = await requests.approvalBandFor(form.id, prepared.totalCost ?? 0);
      if (!band) throw badRequest(CHAIN_MISSING);
      const level1 = band.level1.filter((id) => id !== caller.id);
      const level2 = band.level2.filter((id) => id !== caller.id);
      enforce(canBeApprovedWithout(caller.id, band));
      const { initialNeeded, executiveNeeded } = band;
      const startLevel = 1;
      const status = 'pending';
      const time = nowMs();
      const year = Number(manilaToday(time).slice(0, 4));
      const prefix = REFERENCE_PREFIXES[form.type];

      const moved: string[] = [];
      try {
        for (const { file } of placed) {
          await rename(file.path, files.pathFor('requests-attachments', file.storedName));
          moved.push(file.storedName);
        }
        const filed = await db.transaction().execute(async (trx) => {
          const number = await requests.nextReferenceNumber(prefix, year, trx);
          const referenceId = `${prefix}-${year}-${String(number).padStart(6, '0')}`;
          const requestId = await requests.insertRequest(
            {
              formId: form.id,
              formType: form.type,
              referenceId,
              requesterId: caller.id,
              payload: JSON.stringify(prepared.details),
              totalCost: prepared.totalCost,
              status,
              currentLevel: startLevel,
              initialNeeded,
              executiveNeeded,
              copiedFromId: form.copiedFromId,
              time,
            },
            trx,
          );
          const lineIds = await requests.insertLines(requestId, prepared.lines, trx);
          await requests.insertFiles(
            requestId,
            placed.map(({ file, lineIndex }) => ({
              field: file.field,
              lineIndex,
              lineId: lineIndex === null ? null : (lineIds[lineIndex] ?? null),
              storedName: file.storedName,
              originalName: file.originalName,
              fileType: file.mimeType,
              size: file.size,
            })),
            time,
            trx,
          );
          await requests.insertApprovers(
            requestId,
            [...level1.map((userId) => ({ userId, level: 1 })), ...level2.map((userId) => ({ userId, level: 2 }))],
            trx,
          );
          const due = status === 'pending' ? (startLevel === 1 ? level1 : level2) : [];
          const asked = due.map((recipientId): NewNotification => ({
            recipientId,
            senderId: caller.id,
            type: 'new form request',
            formRequestId: requestId,
          }));
          await notifications.insertMany(asked, time, trx);
          return { id: requestId, reference_id: referenceId, asked };
        });
        push.sent(filed.asked);
        const request = { id: filed.id, reference_id: filed.reference_id, request_type: form.type, createdAt: toIso(time) };
        const key = RESPONSE_KEYS[form.kind];
        return { message: TEXT.requestSubmitted, request, ...(key ? { [key]: request } : {}) };
      } catch (error) {
        await Promise.all(moved.map((name) => files.remove('requests-attachments', name)));
        throw error;
      }
    },

    /** My Requests: searched on reference id, type and date (the caller's own, so no names). */
    listMine: (userId: number, query: RequestListQuery = {}) =>
      answerList({ kind: 'mine', userId }, searchOf(query, []), query),

    /** Pending Approvals: also searched on the requester's names, as the page shows them. */
    async listAwaiting(userId: number, query: RequestListQuery = {}) {
      const standIns = await requireApprovalPage(userId);
      const principals = standIns.delegations.map((delegation) => delegation.approver_id);
      return answerList({ kind: 'awaiting', userId, principals }, searchOf(query, ['first_name', 'last_name', 'full_name']), query);
    },

    /**
     * History: the document's server-side search. Without a page its `query` matches as it
     * always did; a page is searched like the other lists, with the display name as well.
     */
    async listHistory(userId: number, query: RequestListQuery = {}) {
      await requireApprovalPage(userId);
      const search =
        pageOf(query) === null
          ? withNames(historySearchAsBefore(query.query), ['first_name', 'last_name', 'display_name'])
          : searchOf(query, ['first_name', 'last_name', 'full_name', 'display_name']);
      return answerList({ kind: 'history', userId }, search, query);
    },

    /** The requester, the listed approvers and their stand-ins may see a request; anyone else gets 404. */
    async detail(userId: number, type: string, requestId: number) {
      const { request, approvers, standIns } = await requireVisibleRequest(userId, requestId);
      // The type is matched in any case so the document's own link form (t=ePR) opens too.
      if (request.form_type !== type.toLowerCase()) throw notFound(REQUEST_REFUSALS.notFound);
      const seat = votingSeat(userId, request, approvers, standIns);
      const principal = isRefusal(seat) || seat.onBehalfOf === null ? undefined : approvers.find((a) => a.approver_id === seat.onBehalfOf);
      const [lines, storedFiles, votes] = await Promise.all([requests.linesOf(requestId), requests.filesOf(requestId), requests.votesOf(requestId)]);
      const details = parseJson<Record<string, unknown>>(request.payload);
      const toFile = (file: (typeof storedFiles)[number]) => ({
        id: file.id,
        field: file.field,
        attachment: file.stored_name,
        original_name: file.original_name,
        file_type: file.file_type,
        size: file.size_bytes,
      });
      const isImage = (file: (typeof storedFiles)[number]) => /^image\//.test(file.file_type);
      const toApprover = (approver: (typeof approvers)[number]) => ({
        id: approver.approver_id,
        display_name: approver.display_name,
        profile_photo: approver.profile_photo,
        approved: approver.approved,
        has_voted: approver.has_voted,
        date: approver.voted_at === null ? null : toIso(approver.voted_at),
        comment: approver.comment,
        voted_by: approver.voted_by === null ? null : { id: approver.voted_by, display_name: approver.voted_by_name ?? '' },
      });
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return {
        requisition: {
          form_id: request.form_id,
          request_type: request.form_type as FormType,
          form_name: request.form_name || FORM_TYPE_NAMES[request.form_type as FormType],
          form_request_detail: { id: request.id, reference_id: request.reference_id },
          user_detail: {
            id: request.requester_id,
            first_name: request.first_name,
            last_name: request.last_name,
            display_name: request.display_name,
            email_address: request.email_address,
            department: request.department,
            profile_photo: request.profile_photo,
          },
          pr_company_detail: text(details['company_name']) === null ? null : { name: String(details['company_name']) },
          pr_request_detail: text(details['purchase_request_type']) === null ? null : { name: String(details['purchase_request_type']) },
          urgent: details['urgent'] === true,
          recommended_supplier: text(details['recommended_supplier']),
          date_needed: text(details['date_needed']),
          total_cost: pesos(request.total_cost),
          createdAt: toIso(request.created_at),
          details,
          pr_purchases_detail: lines.map((line) => {
            const lineFiles = storedFiles.filter((file) => file.line_id === line.id);
            return {
              id: line.id,
              kind: line.kind,
              description: line.description,
              remarks: line.remarks,
              quantity: line.quantity,
              estimated_price: pesos(line.unit_price),
              estimated_cost: pesos(line.cost),
              data: line.data === null ? null : parseJson<Record<string, unknown>>(line.data),
              purchases_attachment_detail: lineFiles.filter(isImage).map(toFile),
              purchases_files_detail: lineFiles.filter((file) => !isImage(file)).map(toFile),
            };
          }),
          files: storedFiles.filter((file) => file.line_id === null).map(toFile),
        },
        approval: {
          first_level_approval: approvers.filter((a) => a.level === 1).map(toApprover),
          second_level_approval: approvers.filter((a) => a.level === 2).map(toApprover),
          initial_approval_needed_count: request.initial_approval_needed_count,
          executive_approval_needed_count: request.executive_approval_needed_count,
        },
        overall_approval_status: request.status === 'approved',
        status: request.status as RequestStatus,
        current_level: request.current_level,
        can_vote: !isRefusal(seat),
        votes_on_behalf_of: principal ? { id: principal.approver_id, display_name: principal.display_name } : null,
        can_withdraw: isAllowed(canWithdraw(userId, request)),
        can_copy: isAllowed(canFileCorrectedCopy(userId, request)),
        copied_from:
          request.copied_from_id === null ? null : { id: request.copied_from_id, reference_id: request.copied_from_reference ?? '' },
        votes: votes.map((vote) => ({
          id: vote.id,
          level: vote.level,
          status: vote.status as 'approved' | 'denied',
          comment: vote.comment,
          createdAt: toIso(vote.created_at),
          approver: { id: vote.approver_id, display_name: vote.display_name },
          cast_by: vote.cast_by === null ? null : { id: vote.cast_by, display_name: vote.cast_by_name ?? '' },
        })),
      };
    },

    /** The dashboard's figures: real counts of the caller's requests and what waits on them. */
    async reports(userId: number) {
      const user = await requireUser(userId);
      const rows = await requests.reportRowsOf(userId);
      const byStatus = [
        { id: 'pending', label: 'Pending', value: 0 },
        { id: 'approved', label: 'Approved', value: 0 },
        { id: 'denied', label: 'Rejected', value: 0 },
      ];
      for (const row of rows) {
        const slice = byStatus.find((s) => s.id === row.status);
        if (slice) slice.value += 1;
      }
      const byType = FORM_TYPES.map((type) => ({ id: type, label: FORM_TYPE_NAMES[type], value: rows.filter((r) => r.form_type === type).length }));
      // ePR amounts of the last six months, by Manila calendar month: summed in centavos,
      // answered in pesos.
      const months: { id: string; label: string; value: number }[] = [];
      const today = new Date(`${manilaToday()}T00:00:00Z`);
      for (let back = 5; back >= 0; back -= 1) {
        const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
        const id = month.toISOString().slice(0, 7);
        months.push({ id, label: month.toLocaleString('en-PH', { month: 'short', year: 'numeric', timeZone: 'UTC' }), value: 0 });
      }
      for (const row of rows) {
        if (row.total_cost === null) continue;
        const slice = months.find((m) => m.id === manilaToday(row.created_at).slice(0, 7));
        if (slice) slice.value += row.total_cost;
      }
      const awaiting = user.approval_page ? await requests.listRequests({ kind: 'awaiting', userId, principals: [] }, undefined) : [];
      const awaitingByType = FORM_TYPES.map((type) => ({
        id: type,
        label: FORM_TYPE_NAMES[type],
        value: awaiting.filter((r) => r.form_type === type).length,
      }));
      const nonZero = (slices: { id: string; label: string; value: number }[]) => slices.filter((slice) => slice.value > 0);
      return {
        my_requests_by_status: nonZero(byStatus),
        my_requests_by_type: nonZero(byType),
        amounts_by_month: nonZero(months).map((slice) => ({ ...slice, value: centavosToPesos(slice.value) })),
        awaiting_me_by_type: nonZero(awaitingByType),
      };
    },

    /** A request file, for those who may see its request only. */
    async fileFor(userId: number, storedName: string) {
      const file = await requests.findFile(storedName);
      const isAllowedToSee =
        file !== undefined &&
        (await requireVisibleRequest(userId, file.request_id).then(
          () => true,
          () => false,
        ));
      return files.download('requests-attachments', file, isAllowedToSee);
    },

    /**
     * The requester takes back a pending request (docs/DECISIONS.md, "Administration"): it
     * ends as withdrawn, leaves every pending list, and the approvers asked so far are told.
     */
    async withdraw(caller: AuthUser, requestId: number) {
      const { request, approvers } = await requireVisibleRequest(caller.id, requestId);
      enforce(canWithdraw(caller.id, request));
      const time = nowMs();
      const asked = [...new Set(approvers.filter((a) => a.level <= request.current_level).map((a) => a.approver_id))];
      const told = asked.map((recipientId): NewNotification => ({
        recipientId,
        senderId: caller.id,
        type: 'withdrawn form request',
        formRequestId: request.id,
      }));
      const withdrawn = await db.transaction().execute(async (trx) => {
        if (!(await requests.withdraw(request.id, time, trx))) return false;
        await notifications.insertMany(told, time, trx);
        return true;
      });
      if (!withdrawn) {
        const now = await requests.findRequest(request.id);
        throw conflict(now ? `This request has already been ${now.status}.` : REQUEST_REFUSALS.notFound);
      }
      push.sent(told);
      return { message: 'Request withdrawn.', status: 'withdrawn' as const };
    },
  };
};

export type RequestsService = ReturnType<typeof createRequestsService>;

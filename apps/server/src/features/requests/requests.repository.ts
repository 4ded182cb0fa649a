/**
 * The only place forms, permissions, approval rules, requests, their lines, files,
 * approvers and votes are queried (001 §3, §7).
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { storedFileColumns, toBool } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface FormAccess {
  id: number;
  name: string;
  type: string;
  add_page: boolean;
  view_page: boolean;
  open_page: boolean;
  created_at: number;
}

export interface NewLine {
  kind: string;
  position: number;
  description: string;
  remarks: string;
  quantity: number;
  unitPrice: number | null;
  cost: number | null;
  data: Record<string, unknown> | null;
}

export interface NewRequestFile {
  field: string;
  lineIndex: number | null;
  storedName: string;
  originalName: string;
  fileType: string;
  size: number;
}

/** Escapes LIKE wildcards so a search is matched literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The three request lists (001 §2): the caller's own requests, those waiting on the caller's
 * vote now (directly or for an approver they stand in for today, `principals`), and every
 * request the caller is an approver of or voted on as a stand-in.
 */
export type RequestList =
  | { kind: 'mine'; userId: number }
  | { kind: 'awaiting'; userId: number; principals: readonly number[] }
  | { kind: 'history'; userId: number };

/** A requester's name as a list searches it: first, last, "first last", or the display name. */
export type SearchedName = 'first_name' | 'last_name' | 'full_name' | 'display_name';

/** What a list's search matches (request-search.ts reads it from the text). */
export interface ListSearch {
  /** Lower-cased; the reference id and the names must contain it. */
  text: string;
  /** False when no reference id can contain the text: the reference ids are not read. */
  inReferences: boolean;
  formTypes: readonly string[];
  /** Filing times, each from `from` (inclusive) to `to` (exclusive). */
  createdWithin: readonly { from: number; to: number }[];
  names: readonly SearchedName[];
}

export interface ListWindow {
  offset: number;
  limit: number;
}

/** What the lists answer without a page: the newest this many, as they always have. */
export const UNPAGED_LIMIT = 500;

const listColumns = [
  'r.id',
  'r.form_id',
  'r.form_type',
  'r.reference_id',
  'r.total_cost',
  'r.status',
  'r.created_at',
  'u.first_name',
  'u.last_name',
  'u.display_name',
] as const;

export const createRequestsRepository = (db: Kysely<Database>) => {
  /** A request with its form, its requester and the requester's department. */
  const requestWithRequester = (executor: Executor = db) =>
    executor
      .selectFrom('form_requests as r')
      .innerJoin('forms as f', 'f.id', 'r.form_id')
      .innerJoin('users as u', 'u.id', 'r.requester_id')
      .leftJoin('departments as d', 'd.id', 'u.department_id');

  const listBase = (executor: Executor = db) =>
    executor.selectFrom('form_requests as r').innerJoin('users as u', 'u.id', 'r.requester_id').select(listColumns);

  const searchConditions = (search: ListSearch) => {
    const pattern = likePattern(search.text);
    const contains = (text: RawBuilder<unknown>) => sql<boolean>`lower(${text}) like ${pattern} escape '\\'`;
    const names: Record<SearchedName, RawBuilder<unknown>> = {
      first_name: sql`first_name`,
      last_name: sql`last_name`,
      full_name: sql`first_name || ' ' || last_name`,
      display_name: sql`display_name`,
    };
    return [
      ...(search.inReferences ? [contains(sql`r.reference_id`)] : []),
      ...(search.formTypes.length > 0 ? [sql<boolean>`r.form_type in (${sql.join([...search.formTypes])})`] : []),
      // The people first (a few thousand rows at most), then their requests: the names are
      // read once per person, not once per request.
      ...(search.names.length > 0
        ? [sql<boolean>`r.requester_id in (select id from users where ${sql.join(search.names.map((name) => contains(names[name])), sql` or `)})`]
        : []),
      ...search.createdWithin.map(({ from, to }) => sql<boolean>`(r.created_at >= ${from} and r.created_at < ${to})`),
    ];
  };

  /**
   * The newest `count` requests of a person's History, newest first, read from the approvers'
   * two indexes ((approver_id, request_id) and (voted_by, request_id)) and then by id: the
   * cost follows the page. Walking the requests back from the newest (listed()) stops at a
   * page's last row for a busy approver, but for one whose seats are all old (an approver
   * who changed role) it read 90 000 requests on the full-size data: 44 ms on PostgreSQL
   * (bench/RESULTS.md, "Data scale").
   */
  const newestOfHistory = async (userId: number, window: ListWindow) => {
    const newestIds = (column: 'approver_id' | 'voted_by') =>
      db
        .selectFrom('request_approvers')
        .select('request_id')
        .distinct()
        .where(column, '=', userId)
        .orderBy('request_id', 'desc')
        .limit(window.offset + window.limit)
        .execute();
    const [asApprover, asStandIn] = await Promise.all([newestIds('approver_id'), newestIds('voted_by')]);
    const ids = [...new Set([...asApprover, ...asStandIn].map((row) => row.request_id))]
      .sort((a, b) => b - a)
      .slice(window.offset, window.offset + window.limit);
    if (ids.length === 0) return [];
    return listBase().where('r.id', 'in', ids).orderBy('r.id', 'desc').execute();
  };

  /** A list's rows (listColumns), searched when a search is given, in no particular order. */
  const listed = (list: RequestList, search: ListSearch | undefined) => {
    let query = listBase();
    if (list.kind === 'mine') query = query.where('r.requester_id', '=', list.userId);
    if (list.kind === 'history') {
      // Searched History: tested per request, newest first, with the search's conditions (an
      // unsearched page reads the person's seats instead: newestOfHistory).
      const { userId } = list;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('request_approvers as a')
            .select('a.id')
            .whereRef('a.request_id', '=', 'r.id')
            .where((seat) => seat.or([seat('a.approver_id', '=', userId), seat('a.voted_by', '=', userId)])),
        ),
      );
    }
    if (list.kind === 'awaiting') {
      const { userId, principals } = list;
      // The list form of the shared votingSeat rule: pending, not their own, and at the
      // current level either their own seat is open, or they have no seat there, have not
      // voted there for anyone, and an approver they stand in for today has an open seat.
      query = query
        .where('r.status', '=', 'pending')
        .where('r.requester_id', '!=', userId)
        .where((eb) => {
          const seatsNow = () => eb.selectFrom('request_approvers as a').select('a.id').whereRef('a.request_id', '=', 'r.id').whereRef('a.level', '=', 'r.current_level');
          // A count per pending request rather than EXISTS: PostgreSQL would turn EXISTS into a
          // join over all of a busy approver's seats (31 000, most long decided) to find the
          // few hundred pending ones; per request it is one probe of request_approvers_unique.
          const ownOpen = eb(
            sql<number>`(select count(*) from request_approvers o where o.request_id = r.id and o.level = r.current_level and o.approver_id = ${userId} and o.has_voted = ${false})`,
            '>',
            0,
          );
          if (principals.length === 0) return ownOpen;
          return eb.or([
            ownOpen,
            eb.and([
              eb.not(eb.exists(seatsNow().where('a.approver_id', '=', userId))),
              eb.not(eb.exists(seatsNow().where('a.voted_by', '=', userId))),
              eb.exists(seatsNow().where('a.approver_id', 'in', [...principals]).where('a.has_voted', '=', false)),
            ]),
          ]);
        });
    }
    if (search) {
      const conditions = searchConditions(search);
      query = conditions.length > 0 ? query.where((eb) => eb.or(conditions)) : query.where(sql<boolean>`1 = 0`);
    }
    return query;
  };

  return {
    async findUserAccess(userId: number) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'department_id', 'approval_page'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? { ...row, approval_page: toBool(row.approval_page) } : undefined;
    },

    /**
     * Active forms with the caller's effective permissions: a grant to the person or to
     * their department; any grant that allows a page allows it.
     */
    async formsFor(userId: number, departmentId: number | null, formId?: number): Promise<FormAccess[]> {
      let query = db
        .selectFrom('forms as f')
        .innerJoin('form_permissions as p', 'p.form_id', 'f.id')
        .select(['f.id', 'f.name', 'f.type', 'f.created_at', 'f.add_page as form_add_page', 'p.add_page', 'p.view_page', 'p.open_page'])
        .where('f.is_active', '=', true)
        .where((eb) =>
          eb.or([
            eb('p.user_id', '=', userId),
            ...(departmentId === null ? [] : [eb('p.department_id', '=', departmentId)]),
          ]),
        )
        .orderBy('f.id');
      if (formId !== undefined) query = query.where('f.id', '=', formId);
      const rows = await query.execute();
      const byForm = new Map<number, FormAccess>();
      for (const row of rows) {
        const current = byForm.get(row.id) ?? {
          id: row.id,
          name: row.name,
          type: row.type,
          created_at: row.created_at,
          add_page: false,
          view_page: false,
          open_page: false,
        };
        current.add_page ||= toBool(row.add_page) && toBool(row.form_add_page);
        current.view_page ||= toBool(row.view_page);
        current.open_page ||= toBool(row.open_page);
        byForm.set(row.id, current);
      }
      return [...byForm.values()];
    },

    async findForm(formId: number) {
      return db.selectFrom('forms').select(['id', 'name', 'type']).where('id', '=', formId).where('is_active', '=', true).executeTakeFirst();
    },

    // Retired companies and types stay on the requests that name them and leave the choices.
    listCompanies: () => db.selectFrom('companies').select(['id', 'name']).where('retired_at', 'is', null).orderBy('name').execute(),
    listPurchaseRequestTypes: () =>
      db.selectFrom('purchase_request_types').select(['id', 'name']).where('retired_at', 'is', null).orderBy('name').execute(),

    async findCompany(id: number) {
      return db.selectFrom('companies').select(['id', 'name']).where('id', '=', id).where('retired_at', 'is', null).executeTakeFirst();
    },
    async findPurchaseRequestType(id: number) {
      return db
        .selectFrom('purchase_request_types')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('retired_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * The band of a form's approval chain that a request of this total (centavos; 0 for
     * forms without amounts) goes to, with its active approvers per level.
     */
    async approvalBandFor(formId: number, totalCentavos: number, executor: Executor = db) {
      const band = await executor
        .selectFrom('approval_bands')
        .select(['id', 'initial_needed', 'executive_needed'])
        .where('form_id', '=', formId)
        .where('min_total', '<=', totalCentavos)
        .where((eb) => eb.or([eb('max_total', 'is', null), eb('max_total', '>=', totalCentavos)]))
        .orderBy('position')
        .executeTakeFirst();
      if (!band) return undefined;
      const approvers = await executor
        .selectFrom('approval_band_approvers as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select(['a.level', 'a.user_id'])
        .where('a.band_id', '=', band.id)
        .where('u.is_active', '=', true)
        .orderBy('a.id')
        .execute();
      return {
        initialNeeded: band.initial_needed,
        executiveNeeded: band.executive_needed,
        level1: approvers.filter((a) => a.level === 1).map((a) => a.user_id),
        level2: approvers.filter((a) => a.level === 2).map((a) => a.user_id),
      };
    },

    /** The next number of a prefix in a year, taken in the filing transaction. */
    async nextReferenceNumber(prefix: string, year: number, executor: Executor): Promise<number> {
      const row = await executor
        .insertInto('reference_counters')
        .values({ prefix, year, last_value: 1 })
        .onConflict((oc) =>
          oc.columns(['prefix', 'year']).doUpdateSet({ last_value: sql<number>`reference_counters.last_value + 1` }),
        )
        .returning('last_value')
        .executeTakeFirstOrThrow();
      return Number(row.last_value);
    },

    async insertRequest(
      values: {
        formId: number;
        formType: string;
        referenceId: string;
        requesterId: number;
        payload: string;
        totalCost: number | null;
        status: string;
        currentLevel: number;
        initialNeeded: number;
        executiveNeeded: number;
        copiedFromId?: number | null;
        time: number;
      },
      executor: Executor,
    ): Promise<number> {
      const row = await executor
        .insertInto('form_requests')
        .values({
          form_id: values.formId,
          form_type: values.formType,
          reference_id: values.referenceId,
          requester_id: values.requesterId,
          payload: values.payload,
          total_cost: values.totalCost,
          status: values.status,
          current_level: values.currentLevel,
          initial_approval_needed_count: values.initialNeeded,
          executive_approval_needed_count: values.executiveNeeded,
          decided_at: values.status === 'pending' ? null : values.time,
          copied_from_id: values.copiedFromId ?? null,
          level_started_at: values.time,
          created_at: values.time,
          updated_at: values.time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Inserts the lines in order and returns their ids by position. */
    async insertLines(requestId: number, lines: NewLine[], executor: Executor): Promise<number[]> {
      const ids: number[] = [];
      for (const line of lines) {
        const row = await executor
          .insertInto('request_lines')
          .values({
            request_id: requestId,
            kind: line.kind,
            position: line.position,
            description: line.description,
            remarks: line.remarks,
            quantity: line.quantity,
            unit_price: line.unitPrice,
            cost: line.cost,
            data: line.data ? JSON.stringify(line.data) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      return ids;
    },

    async insertFiles(requestId: number, files: (NewRequestFile & { lineId: number | null })[], time: number, executor: Executor) {
      if (files.length === 0) return;
      await executor
        .insertInto('request_files')
        .values(
          files.map((file) => ({ request_id: requestId, line_id: file.lineId, field: file.field, ...storedFileColumns(file, time) })),
        )
        .execute();
    },

    async insertApprovers(requestId: number, approvers: { userId: number; level: number }[], executor: Executor) {
      if (approvers.length === 0) return;
      await executor
        .insertInto('request_approvers')
        .values(
          approvers.map((approver) => ({
            request_id: requestId,
            approver_id: approver.userId,
            level: approver.level,
            has_voted: false,
            approved: false,
          })),
        )
        .execute();
    },

    // ------------------------------------------------------------ lists

    /** The newest rows of a list, up to UNPAGED_LIMIT: what the lists answer without a page. */
    listRequests: (list: RequestList, search: ListSearch | undefined) =>
      list.kind === 'history' && search === undefined
        ? newestOfHistory(list.userId, { offset: 0, limit: UNPAGED_LIMIT })
        : listed(list, search).orderBy('r.id', 'desc').limit(UNPAGED_LIMIT).execute(),

    /**
     * One page of a list, newest first, and how many rows the list holds in all. A searched
     * list is read once, the total counted over the same rows (count(*) over ()); an
     * unsearched one is counted from its index (countRequests).
     */
    async pageOfRequests(list: RequestList, search: ListSearch | undefined, window: ListWindow) {
      if (search === undefined) {
        const [rows, total] = await Promise.all([
          list.kind === 'history'
            ? newestOfHistory(list.userId, window)
            : listed(list, undefined).orderBy('r.id', 'desc').limit(window.limit).offset(window.offset).execute(),
          this.countRequests(list, undefined),
        ]);
        return { rows, total };
      }
      const counted = await listed(list, search)
        .select(sql<number>`count(*) over ()`.as('total'))
        .orderBy('r.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      // A page past the end has no row to carry the total.
      const total = counted[0] ? Number(counted[0].total) : window.offset === 0 ? 0 : await this.countRequests(list, search);
      return { rows: counted.map(({ total: _total, ...row }) => row), total };
    },

    async countRequests(list: RequestList, search: ListSearch | undefined): Promise<number> {
      if (list.kind === 'history' && search === undefined) {
        // From the approvers' indexes alone (by approver, and by voted_by from migration
        // 0004): each request the person has a seat on once (they may sit at both levels),
        // and those they voted on only as a stand-in.
        const { rows } = await sql<{ total: number }>`select
            (select count(distinct a.request_id) from request_approvers a where a.approver_id = ${list.userId})
          + (select count(distinct b.request_id) from request_approvers b where b.voted_by = ${list.userId}
              and not exists (select 1 from request_approvers c where c.request_id = b.request_id and c.approver_id = ${list.userId})) as total`.execute(db);
        return Number(rows[0]?.total ?? 0);
      }
      const row = await listed(list, search)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Pending requests whose current level has waited since before `startedBefore`, with the approvers still to vote. */
    async listOverdue(startedBefore: number) {
      const rows = await listBase()
        .innerJoin('request_approvers as a', (join) => join.onRef('a.request_id', '=', 'r.id').onRef('a.level', '=', 'r.current_level'))
        .innerJoin('users as w', 'w.id', 'a.approver_id')
        .select(['r.level_started_at', 'r.requester_id', 'a.approver_id', 'w.display_name as approver_name'])
        .where('r.status', '=', 'pending')
        .where('a.has_voted', '=', false)
        .where('r.level_started_at', '<', startedBefore)
        .orderBy('r.level_started_at')
        .orderBy('r.id')
        .limit(5000)
        .execute();
      return rows;
    },

    // ------------------------------------------------------------ one request

    async findRequest(requestId: number, executor: Executor = db) {
      return requestWithRequester(executor)
        .leftJoin('form_requests as c', 'c.id', 'r.copied_from_id')
        .select([
          'r.id',
          'r.form_id',
          'r.form_type',
          'r.reference_id',
          'r.requester_id',
          'r.payload',
          'r.total_cost',
          'r.status',
          'r.current_level',
          'r.initial_approval_needed_count',
          'r.executive_approval_needed_count',
          'r.created_at',
          'r.copied_from_id',
          'c.reference_id as copied_from_reference',
          'f.name as form_name',
          'u.first_name',
          'u.last_name',
          'u.display_name',
          'u.email_address',
          'u.profile_photo',
          'd.name as department',
        ])
        .where('r.id', '=', requestId)
        .executeTakeFirst();
    },

    linesOf: (requestId: number) =>
      db.selectFrom('request_lines').selectAll().where('request_id', '=', requestId).orderBy('position').orderBy('id').execute(),

    filesOf: (requestId: number) =>
      db
        .selectFrom('request_files')
        .select(['id', 'line_id', 'field', 'stored_name', 'original_name', 'file_type', 'size_bytes'])
        .where('request_id', '=', requestId)
        .orderBy('id')
        .execute(),

    async approversOf(requestId: number, executor: Executor = db) {
      const rows = await executor
        .selectFrom('request_approvers as a')
        .innerJoin('users as u', 'u.id', 'a.approver_id')
        .leftJoin('users as s', 's.id', 'a.voted_by')
        .select([
          'a.approver_id',
          'a.level',
          'a.has_voted',
          'a.approved',
          'a.comment',
          'a.voted_at',
          'a.voted_by',
          'u.display_name',
          'u.profile_photo',
          's.display_name as voted_by_name',
        ])
        .where('a.request_id', '=', requestId)
        .orderBy('a.level')
        .orderBy('a.id')
        .execute();
      return rows.map((row) => ({ ...row, has_voted: toBool(row.has_voted), approved: toBool(row.approved) }));
    },

    votesOf: (requestId: number) =>
      db
        .selectFrom('request_votes as v')
        .innerJoin('users as u', 'u.id', 'v.approver_id')
        .leftJoin('users as s', 's.id', 'v.cast_by')
        .select(['v.id', 'v.level', 'v.status', 'v.comment', 'v.created_at', 'v.approver_id', 'v.cast_by', 'u.display_name', 's.display_name as cast_by_name'])
        .where('v.request_id', '=', requestId)
        .orderBy('v.id')
        .execute(),

    // ------------------------------------------------------------ voting

    /**
     * Records one approver's vote: a conditional update of their pending row, only while
     * the request is pending at that level. Zero rows changed means the vote is refused.
     */
    async castVote(
      vote: {
        requestId: number;
        approverId: number;
        /** The stand-in casting it for the approver; null when the approver votes. */
        castBy: number | null;
        level: number;
        approved: boolean;
        comment: string | null;
        time: number;
      },
      executor: Executor,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('request_approvers')
        .set({ has_voted: true, approved: vote.approved, comment: vote.comment, voted_at: vote.time, voted_by: vote.castBy })
        .where('request_id', '=', vote.requestId)
        .where('approver_id', '=', vote.approverId)
        .where('level', '=', vote.level)
        .where('has_voted', '=', false)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('form_requests')
              .select('form_requests.id')
              .where('form_requests.id', '=', vote.requestId)
              .where('form_requests.status', '=', 'pending')
              .where('form_requests.current_level', '=', vote.level),
          ),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await executor
        .insertInto('request_votes')
        .values({
          request_id: vote.requestId,
          approver_id: vote.approverId,
          cast_by: vote.castBy,
          level: vote.level,
          status: vote.approved ? 'approved' : 'denied',
          comment: vote.comment,
          created_at: vote.time,
        })
        .execute();
      return true;
    },

    async countApprovals(requestId: number, level: number, executor: Executor): Promise<number> {
      const row = await executor
        .selectFrom('request_approvers')
        .select((eb) => eb.fn.countAll<number>().as('approvals'))
        .where('request_id', '=', requestId)
        .where('level', '=', level)
        .where('approved', '=', true)
        .executeTakeFirstOrThrow();
      return Number(row.approvals);
    },

    /**
     * Takes the request's row lock for the rest of the transaction (PostgreSQL; SQLite runs
     * one transaction at a time), so votes on one request count one after another. False
     * when the request is no longer pending at that level.
     */
    async lockPendingLevel(requestId: number, level: number, time: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('form_requests')
        .set({ updated_at: time })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .where('current_level', '=', level)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a pending request on; returns whether this call made the change. */
    async advance(
      requestId: number,
      from: { level: number },
      to: { status: string; level: number },
      time: number,
      executor: Executor,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('form_requests')
        .set({
          status: to.status,
          current_level: to.level,
          updated_at: time,
          ...(to.status === 'pending' ? { level_started_at: time } : { decided_at: time }),
        })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .where('current_level', '=', from.level)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Notes today's reminder to this approver of this request; false when it was already sent. */
    async markReminded(requestId: number, approverId: number, day: string, executor: Executor): Promise<boolean> {
      const rows = await executor
        .insertInto('request_reminders')
        .values({ request_id: requestId, approver_id: approverId, day })
        .onConflict((oc) => oc.columns(['request_id', 'approver_id', 'day']).doNothing())
        .returning('request_id')
        .execute();
      return rows.length === 1;
    },

    /** Requests for the CSV export: filtered by form type, status and filing time, oldest first. */
    exportRows(filter: { formType?: string | undefined; status?: string | undefined; from?: number | undefined; to?: number | undefined }) {
      let query = requestWithRequester()
        .select([
          'r.id',
          'r.reference_id',
          'r.form_type',
          'f.name as form_name',
          'u.display_name as requester',
          'd.name as department',
          'r.total_cost',
          'r.status',
          'r.created_at',
          'r.decided_at',
        ]);
      if (filter.formType) query = query.where('r.form_type', '=', filter.formType);
      if (filter.status) query = query.where('r.status', '=', filter.status);
      if (filter.from !== undefined) query = query.where('r.created_at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('r.created_at', '<=', filter.to);
      return query.orderBy('r.id').execute();
    },

    /** Every vote on these requests, in order, with who cast it (for the export's decision columns). */
    votesOfMany(requestIds: number[]) {
      if (requestIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('request_votes as v')
        .innerJoin('users as u', 'u.id', 'v.approver_id')
        .leftJoin('users as s', 's.id', 'v.cast_by')
        .select(['v.request_id', 'v.level', 'v.status', 'v.comment', 'u.display_name as approver', 's.display_name as cast_by'])
        .where('v.request_id', 'in', requestIds)
        .orderBy('v.id')
        .execute();
    },

    /** Ends a pending request as withdrawn; false when it was no longer pending. */
    async withdraw(requestId: number, time: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('form_requests')
        .set({ status: 'withdrawn', decided_at: time, updated_at: time })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    levelApprovers: (requestId: number, level: number, executor: Executor) =>
      executor
        .selectFrom('request_approvers')
        .select('approver_id')
        .where('request_id', '=', requestId)
        .where('level', '=', level)
        .execute()
        .then((rows) => rows.map((row) => row.approver_id)),

    async findFile(storedName: string) {
      return db
        .selectFrom('request_files')
        .select(['request_id', 'stored_name', 'original_name', 'size_bytes'])
        .where('stored_name', '=', storedName)
        .executeTakeFirst();
    },

    /** What the dashboard counts: the caller's requests (type, status, amount, month). */
    reportRowsOf: (userId: number) =>
      db
        .selectFrom('form_requests')
        .select(['form_type', 'status', 'total_cost', 'created_at'])
        .where('requester_id', '=', userId)
        .execute(),
  };
};

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;

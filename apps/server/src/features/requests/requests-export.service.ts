/**
 * Requests as CSV for the admin area (docs/DECISIONS.md, "Administration"): one row per
 * request with its decision, amounts in pesos, times in Manila, filtered by form type,
 * status and filing days. The export itself is written to the audit log.
 */
import { centavosToPesos, FORM_TYPE_NAMES, manilaDayStart, type FormType } from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/auth-user.js';
import { toSpreadsheetCsv } from '../../csv/spreadsheet-csv.js';
import type { Database } from '../../db/tables.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { RequestsRepository } from './requests.repository.js';

const DAY_MS = 86_400_000;
const COLUMNS = [
  'reference_id',
  'form',
  'form_type',
  'requester',
  'department',
  'status',
  'total_php',
  'filed_at',
  'decided_at',
  'decided_by',
  'comment',
] as const;

/** 'YYYY-MM-DD HH:MM' in Manila: a spreadsheet reads it as a date and time. */
const manilaTime = (epochMs: number | null) =>
  epochMs === null ? null : new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export const createRequestsExportService = ({ db, requests, audit }: { db: Kysely<Database>; requests: RequestsRepository; audit: AuditTrail }) => ({
  async exportCsv(actor: Actor, filter: { form_type?: FormType | undefined; status?: string | undefined; from?: string | undefined; to?: string | undefined }) {
    const rows = await requests.exportRows({
      formType: filter.form_type,
      status: filter.status,
      from: filter.from ? manilaDayStart(filter.from) : undefined,
      to: filter.to ? manilaDayStart(filter.to) + DAY_MS - 1 : undefined,
    });
    const votes = await requests.votesOfMany(rows.map((row) => row.id));
    await db.transaction().execute((trx) =>
      audit.record(trx, actor, {
        action: 'requests.export',
        targetType: 'request',
        targetId: null,
        summary: `Exported ${rows.length} request${rows.length === 1 ? '' : 's'} as CSV`,
        after: filter,
      }),
    );
    return toSpreadsheetCsv(
      COLUMNS,
      rows.map((row) => {
        const own = votes.filter((vote) => vote.request_id === row.id);
        // The decision's people: who approved an approved request, who denied a denied one.
        const deciding = row.status === 'approved' ? own.filter((v) => v.status === 'approved') : own.filter((v) => v.status === 'denied');
        const name = (vote: (typeof own)[number]) => (vote.cast_by ? `${vote.cast_by} for ${vote.approver}` : vote.approver);
        return {
          reference_id: row.reference_id,
          form: row.form_name || FORM_TYPE_NAMES[row.form_type as FormType],
          form_type: row.form_type,
          requester: row.requester,
          department: row.department,
          status: row.status,
          total_php: row.total_cost === null ? null : centavosToPesos(row.total_cost),
          filed_at: manilaTime(row.created_at),
          decided_at: manilaTime(row.decided_at),
          decided_by: row.status === 'withdrawn' ? row.requester : deciding.map(name).join('; '),
          comment: deciding.map((vote) => vote.comment).filter(Boolean).join('; '),
        };
      }),
    );
  },
});

export type RequestsExportService = ReturnType<typeof createRequestsExportService>;

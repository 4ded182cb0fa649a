/** One value an audited change touched: its name, and what it was and became (JSON text). */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const shown = (value: unknown): string => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What a change did, field by field: for two records only the fields that differ (a
 * person's edit lists the one field changed, not the whole person); anything else whole.
 */
export const auditChanges = (before: unknown, after: unknown): AuditChange[] => {
  if (before === null && after === null) return [];
  if ((isRecord(before) || before === null) && (isRecord(after) || after === null)) {
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    return fields
      .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
      .map((field) => ({ field, before: shown(before?.[field]), after: shown(after?.[field]) }));
  }
  return [{ field: 'value', before: shown(before), after: shown(after) }];
};

/**
 * Company settings an administrator changes in the admin area (docs/DECISIONS.md,
 * "Administration"): a row per setting, read with its default when never set.
 */
import { settingsSchema, type Settings } from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/tables.js';
import { nowMs, parseJson } from '../../db/values.js';
import type { Actor, AuditTrail } from '../audit/audit.service.js';

export const DEFAULT_SETTINGS: Settings = { reminder_days: 2, message_edit_window_minutes: null, retention_days: null, upload_quota_per_user_mb: null, upload_quota_total_mb: null };

export const createSettingsService = ({ db, audit }: { db: Kysely<Database>; audit: AuditTrail }) => {
  const read = async (): Promise<Settings> => {
    const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
    // A value an older version stored that no longer fits falls back to its own default.
    const fitting = rows.filter((row) => {
      const field = settingsSchema.shape[row.key as keyof Settings] as z.ZodType | undefined;
      return field?.safeParse(parseJson<unknown>(row.value)).success === true;
    });
    return { ...DEFAULT_SETTINGS, ...Object.fromEntries(fitting.map((row) => [row.key, parseJson<unknown>(row.value)])) };
  };

  return {
    read,

    async update(actor: Actor, changes: Partial<Settings>): Promise<Settings> {
      const before = await read();
      const time = nowMs();
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(changes)) {
          await trx
            .insertInto('settings')
            .values({ key, value: JSON.stringify(value), updated_at: time })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: time }))
            .execute();
        }
        await audit.record(trx, actor, {
          action: 'settings.update',
          targetType: 'settings',
          targetId: null,
          summary: `Changed ${Object.keys(changes).join(', ')}`,
          before: Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof Settings]])),
          after: changes,
        });
      });
      return read();
    },
  };
};

export type SettingsService = ReturnType<typeof createSettingsService>;

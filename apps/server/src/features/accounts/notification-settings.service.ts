/**
 * A person's own notification settings (issue 19): do not disturb until a moment, quiet hours
 * in their time zone, and whether a push shows the words. The rules that read them are in
 * packages/shared/src/policies/notifications.ts; pushes read them in features/push.
 */
import { quietHoursFrom, type NotificationSettings, type NotificationSettingsBody } from '@ichat/shared';
import { nowMs, toIso } from '../../db/values.js';
import { badRequest, notFound } from '../../errors.js';
import type { AccountsRepository } from './accounts.repository.js';

export const DND_IN_THE_PAST = 'Do not disturb must end in the future (or be null to turn it off).';

export const createNotificationSettingsService = ({ repo }: { repo: AccountsRepository }) => {
  const read = async (userId: number): Promise<NotificationSettings> => {
    const row = await repo.findNotificationSettings(userId);
    if (!row) throw notFound('That user does not exist.');
    return {
      // A do not disturb that has ended reads as off.
      do_not_disturb_until: row.dnd_until !== null && row.dnd_until > nowMs() ? toIso(row.dnd_until) : null,
      quiet_hours: quietHoursFrom(row.quiet_hours_from, row.quiet_hours_to, row.quiet_hours_time_zone),
      push_previews: row.push_previews,
    };
  };

  return {
    read,

    /** Changes the keys given; the others stay. Answers the settings as they now are. */
    async update(userId: number, body: NotificationSettingsBody): Promise<NotificationSettings> {
      const dnd = body.do_not_disturb_until;
      const dndUntil = dnd === undefined || dnd === null ? dnd : Date.parse(dnd);
      if (typeof dndUntil === 'number' && dndUntil <= nowMs()) throw badRequest(DND_IN_THE_PAST);
      const hours = body.quiet_hours;
      await repo.updateNotificationSettings(userId, {
        ...(dndUntil === undefined ? {} : { dnd_until: dndUntil }),
        ...(hours === undefined ? {} : { quiet_hours_from: hours?.from ?? null, quiet_hours_to: hours?.to ?? null }),
        // Turning quiet hours off keeps the zone: turning them on again starts from it.
        ...(hours ? { quiet_hours_time_zone: hours.time_zone } : {}),
        ...(body.push_previews === undefined ? {} : { push_previews: body.push_previews }),
      });
      return read(userId);
    },
  };
};

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;

/**
 * Upload quotas (docs/DECISIONS.md, "Operating it (issue 20)"): the admin area's
 * `upload_quota_per_user_mb` and `upload_quota_total_mb`, counted from the message and
 * request files stored (a person's are those they sent or filed). A file that would go past
 * either is refused while it streams in, before anything is kept.
 */
import { uploadQuotaUsedText, uploadTotalQuotaUsedText } from '@ichat/shared';
import type { UploadQuota } from '../../storage/file-store.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { RecordsRepository } from './records.repository.js';

const MB = 1024 * 1024;

export const createUploadQuotaService = ({ records, settings }: { records: RecordsRepository; settings: SettingsService }) => ({
  /** What this person may still upload, and the sentence that refuses more; undefined when no quota is set. */
  async allowanceFor(userId: number): Promise<UploadQuota | undefined> {
    const { upload_quota_per_user_mb: own, upload_quota_total_mb: total } = await settings.read();
    const allowances: UploadQuota[] = [];
    if (own !== null) allowances.push({ bytes: own * MB - (await records.uploadedBytes(userId)), refusal: uploadQuotaUsedText(own) });
    if (total !== null) allowances.push({ bytes: total * MB - (await records.uploadedBytes()), refusal: uploadTotalQuotaUsedText(total) });
    return allowances.reduce<UploadQuota | undefined>((tightest, allowance) => (tightest && tightest.bytes <= allowance.bytes ? tightest : allowance), undefined);
  },
});

export type UploadQuotaService = ReturnType<typeof createUploadQuotaService>;

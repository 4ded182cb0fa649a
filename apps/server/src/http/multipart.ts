/**
 * Reading a form-data body: a JSON `data` part plus named file parts, each file streamed to
 * the tmp bucket with the byte limit enforced as it arrives. On any failure the files
 * already written are removed, so a refused request leaves nothing behind.
 */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_LIMIT_BYTES } from '@ichat/shared';
import type { z } from 'zod';
import type { FileStore, UploadQuota } from '../storage/file-store.js';
import { safeFileName } from '../storage/file-names.js';
import { badRequest, payloadTooLarge } from '../errors.js';
import { cleanInputText } from './input-text.js';

export interface UploadedFile {
  field: string;
  path: string;
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
}

export interface MultipartSpec<Schema extends z.ZodType> {
  /** Schema of the JSON `data` part (or of the whole JSON body when sent as JSON). */
  data: Schema;
  /** File fields accepted, with how many files each may carry. */
  files: Record<string, { maxCount: number }>;
}

export interface MultipartResult<Data> {
  data: Data;
  files: UploadedFile[];
  /** Removes the temporary files; call once they have been moved or processed. */
  cleanup(): Promise<void>;
}

const describe = (error: z.ZodError): string => error.issues[0]?.message ?? 'The data part is not valid.';

/** What the caller's upload quota leaves them, or undefined when no quota is set. */
export type QuotaLookup = () => Promise<UploadQuota | undefined>;

/**
 * `quota`, when given, is asked once, when the first file arrives (a message without files
 * costs nothing), and every file of the request counts against what it leaves.
 */
export const readMultipart = async <Schema extends z.ZodType>(
  request: FastifyRequest,
  files: FileStore,
  spec: MultipartSpec<Schema>,
  quota?: QuotaLookup,
): Promise<MultipartResult<z.output<Schema>>> => {
  const saved: UploadedFile[] = [];
  let allowance: UploadQuota | undefined;
  let allowanceRead = false;
  const cleanup = async () => {
    await Promise.all(saved.map((file) => files.remove('tmp', file.storedName)));
  };

  if (!request.isMultipart()) {
    const parsed = spec.data.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describe(parsed.error));
    return { data: parsed.data, files: [], cleanup };
  }

  let rawData: unknown = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') {
          try {
            rawData = typeof part.value === 'string' && part.value !== '' ? JSON.parse(part.value) : {};
          } catch {
            throw badRequest("The form's data part is not valid JSON.");
          }
          rawData = cleanInputText(rawData);
        }
        continue;
      }
      const rule = spec.files[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw badRequest(`Unexpected file field '${part.fieldname}'.`);
      }
      if (saved.filter((file) => file.field === part.fieldname).length >= rule.maxCount) {
        part.file.resume();
        throw payloadTooLarge(`At most ${rule.maxCount} file(s) may be sent as '${part.fieldname}'.`);
      }
      const originalName = safeFileName(part.filename);
      if (quota && !allowanceRead) {
        allowance = await quota();
        allowanceRead = true;
      }
      const used = saved.reduce((sum, file) => sum + file.size, 0);
      const stored = await files.save('tmp', part.file, {
        maxBytes: ATTACHMENT_LIMIT_BYTES,
        extension: path.extname(originalName),
        quota: allowance && { bytes: allowance.bytes - used, refusal: allowance.refusal },
      });
      saved.push({
        field: part.fieldname,
        path: stored.path,
        storedName: stored.storedName,
        originalName,
        mimeType: part.mimetype || 'application/octet-stream',
        size: stored.size,
      });
    }
    const parsed = spec.data.safeParse(rawData);
    if (!parsed.success) throw badRequest(describe(parsed.error));
    return { data: parsed.data, files: saved, cleanup };
  } catch (error) {
    await cleanup();
    // The multipart parser reports a malformed body (no boundary, cut-off part, bad
    // header) as a plain Error without a code; file-system errors carry one (ENOSPC, ...).
    if (error instanceof Error && error.name !== 'AppError' && !(error as { code?: unknown }).code) {
      throw badRequest('The form data is not valid.');
    }
    throw error;
  }
};

/**
 * Uploaded files live under DATA_DIR/uploads/<bucket>/ with names the server generates;
 * the name a person gave a file is kept only in the database. Sizes are checked while the
 * upload streams, so an oversized file is never held whole in memory or on disk.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ATTACHMENT_LIMIT_MB, attachmentTooLargeText } from '@ichat/shared';
import { notFound, payloadTooLarge } from '../errors.js';

export const BUCKETS = ['images-data', 'message-attachment', 'requests-attachments', 'tmp'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Names this store generates: a UUID and a short lower-case extension. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,8})?$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

export interface SavedFile {
  storedName: string;
  path: string;
  size: number;
}

/** A stored upload ready to be sent back with its original name. */
export interface StoredFileToSend {
  path: string;
  storedName: string;
  originalName: string;
  size: number;
}

export const FILE_NOT_FOUND = 'That file does not exist.';

/**
 * What an upload quota leaves (docs/DECISIONS.md, "Operating it (issue 20)"): the bytes that
 * may still be stored, and the sentence that refuses a file going past them.
 */
export interface UploadQuota {
  bytes: number;
  refusal: string;
}

export interface FileStore {
  root: string;
  ensureBuckets(): Promise<void>;
  pathFor(bucket: Bucket, storedName: string): string;
  newName(extension?: string): string;
  /** Streams a file in, refusing it (413) as soon as it passes `maxBytes` or what `quota` leaves. */
  save(bucket: Bucket, source: Readable, options: { maxBytes: number; extension?: string; quota?: UploadQuota | undefined }): Promise<SavedFile>;
  exists(bucket: Bucket, storedName: string): Promise<boolean>;
  remove(bucket: Bucket, storedName: string | null | undefined): Promise<void>;
  /**
   * A file to send, once the caller may have it and it is on disk; the same 404 otherwise,
   * so a refusal says nothing about whether the file exists.
   */
  download(bucket: Bucket, file: { stored_name: string; original_name: string; size_bytes: number } | undefined, isAllowed: boolean): Promise<StoredFileToSend>;
}

class TooLarge extends Error {}
class OverQuota extends Error {}

const byteLimit = (maxBytes: number, quotaBytes: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new TooLarge());
      else if (seen > quotaBytes) callback(new OverQuota());
      else callback(null, chunk);
    },
  });
};

const safeExtension = (extension: string | undefined): string => {
  const clean = (extension ?? '').toLowerCase().replace(/^\./, '');
  return /^[a-z0-9]{1,8}$/.test(clean) ? `.${clean}` : '';
};

export const createFileStore = (root: string): FileStore => {
  const pathFor = (bucket: Bucket, storedName: string) => {
    if (!isStoredName(storedName)) throw new Error(`Refusing a file name the store did not generate: ${storedName}`);
    return path.join(root, bucket, storedName);
  };

  const exists = async (bucket: Bucket, storedName: string) => {
    if (!isStoredName(storedName)) return false;
    try {
      return (await stat(pathFor(bucket, storedName))).isFile();
    } catch {
      return false;
    }
  };
  return {
    root,
    async ensureBuckets() {
      await Promise.all(BUCKETS.map((bucket) => mkdir(path.join(root, bucket), { recursive: true })));
    },
    pathFor,
    newName: (extension) => `${randomUUID()}${safeExtension(extension)}`,
    async save(bucket, source, { maxBytes, extension, quota }) {
      const storedName = `${randomUUID()}${safeExtension(extension)}`;
      const target = pathFor(bucket, storedName);
      try {
        await pipeline(source, byteLimit(maxBytes, quota?.bytes ?? Number.POSITIVE_INFINITY), createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        await rm(target, { force: true });
        const code = (error as { code?: string }).code;
        if (error instanceof TooLarge || code === 'FST_REQ_FILE_TOO_LARGE') {
          throw payloadTooLarge(attachmentTooLargeText(ATTACHMENT_LIMIT_MB));
        }
        if (error instanceof OverQuota && quota) throw payloadTooLarge(quota.refusal);
        throw error;
      }
      const { size } = await stat(target);
      return { storedName, path: target, size };
    },
    exists,
    async remove(bucket, storedName) {
      if (!storedName || !isStoredName(storedName)) return;
      await rm(pathFor(bucket, storedName), { force: true });
    },
    async download(bucket, file, isAllowed) {
      if (!file || !isAllowed || !(await exists(bucket, file.stored_name))) throw notFound(FILE_NOT_FOUND);
      return { path: pathFor(bucket, file.stored_name), storedName: file.stored_name, originalName: file.original_name, size: file.size_bytes };
    },
  };
};

/**
 * An export written out (data-export.service.ts builds it): export.json and files/ with the
 * stored files it names, as a ZIP streamed to the admin's browser or as a folder at the
 * command line.
 */
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { EXPORT_DOCUMENT, type ExportBundle } from './data-export.service.js';

const documentText = (bundle: ExportBundle) => `${JSON.stringify(bundle.document, null, 2)}\n`;

/** The export as a ZIP, streamed as it is made (files are read from disk as the ZIP reaches them). */
export const exportZip = (bundle: ExportBundle): Readable => {
  const zip = new ZipFile();
  // A file gone since the export was read (deleted meanwhile) ends the download with an
  // error instead of throwing where nobody listens, which would stop the process.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.addBuffer(Buffer.from(documentText(bundle)), EXPORT_DOCUMENT);
  // Images and office files are compressed already: stored as they are, the ZIP costs no CPU.
  for (const file of bundle.files) zip.addFile(file.source, file.path, { compress: false });
  zip.end();
  return zip.outputStream as Readable;
};

export class ExportFolderNotEmpty extends Error {}

/** Writes the export into `dir` (created if missing); refuses a folder that already holds anything. */
export const writeExportFolder = async (bundle: ExportBundle, dir: string): Promise<void> => {
  const existing = await readdir(dir).catch(() => []);
  if (existing.length > 0) throw new ExportFolderNotEmpty(`${dir} is not empty: give a new or empty folder.`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, EXPORT_DOCUMENT), documentText(bundle));
  for (const file of bundle.files) {
    const target = path.join(dir, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file.source, target);
  }
};

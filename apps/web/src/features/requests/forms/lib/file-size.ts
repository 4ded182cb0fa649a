/** File sizes and the 16 MB limit of the request forms (001 §5, §9). */
import { ATTACHMENT_LIMIT_BYTES, formatKilobytes } from '@ichat/shared';

const MEGABYTE = 1024 * 1024;

/** '3.25 MB' from one megabyte up, otherwise '512.00 KB' (two decimals either way). */
export const formatFileSize = (bytes: number): string =>
  bytes >= MEGABYTE ? `${(bytes / MEGABYTE).toFixed(2)} MB` : formatKilobytes(bytes);

export const isTooLarge = (size: number): boolean => size > ATTACHMENT_LIMIT_BYTES;

/**
 * Splits picked files into those kept and those refused for size, and caps how many a
 * field holds (the ones already chosen come first).
 */
export const acceptFiles = <T extends { size: number }>(
  current: readonly T[],
  picked: readonly T[],
  maxCount: number,
): { kept: T[]; tooLarge: T[]; overCount: number } => {
  const tooLarge = picked.filter((file) => isTooLarge(file.size));
  const fitting = picked.filter((file) => !isTooLarge(file.size));
  const room = Math.max(0, maxCount - current.length);
  return { kept: [...current, ...fitting.slice(0, room)], tooLarge, overCount: Math.max(0, fitting.length - room) };
};

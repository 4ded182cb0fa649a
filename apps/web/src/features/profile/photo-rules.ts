import { ATTACHMENT_LIMIT_BYTES, ATTACHMENT_LIMIT_MB, fileTooLargeText } from '@ichat/shared';

/** The image types the server stores as profile photos. */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const isAcceptedType = (type: string): boolean => (PROFILE_PHOTO_TYPES as readonly string[]).includes(type);

/** Why a chosen file cannot be the profile photo, or null when it can. Checked before upload. */
export const profilePhotoProblem = (file: Pick<File, 'name' | 'size' | 'type'>): string | null => {
  if (!isAcceptedType(file.type)) return 'Choose a JPEG, PNG, WebP or GIF image.';
  if (file.size > ATTACHMENT_LIMIT_BYTES) return fileTooLargeText(file.name, ATTACHMENT_LIMIT_MB);
  if (file.size === 0) return 'The chosen file is empty.';
  return null;
};

export const isImageType = (fileType: string): boolean => fileType.startsWith('image/');

/** A client_message_id (8–64 of [A-Za-z0-9_-]); randomUUID needs a secure page, so there is a fallback. */
export const newClientMessageId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** Phones: narrower than the breakpoint or a coarse pointer. There Enter adds a newline. */
export const isPhoneLike = (width: number, isCoarsePointer: boolean, breakpoint: number): boolean =>
  width < breakpoint || isCoarsePointer;

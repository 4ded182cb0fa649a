/** Day separators of the message list: 'Month day', e.g. 'November 22' (000 §2). */
import { format, isSameDay } from 'date-fns';

export const dateSeparatorLabel = (date: Date | string): string => format(new Date(date), 'MMMM d');

/** The separator shown above a message, or null when it falls on the previous message's day. */
export const separatorBefore = (
  current: Date | string,
  previous: Date | string | undefined,
): string | null => {
  if (previous !== undefined && isSameDay(new Date(previous), new Date(current))) return null;
  return dateSeparatorLabel(current);
};

/** The time under a message bubble, e.g. '3:05 PM'. */
export const messageTime = (date: Date | string): string => format(new Date(date), 'h:mm a');

/** Date and time in activity logs and file lists, e.g. 'Nov 22, 2025 3:05 PM'. */
export const longDateTime = (date: Date | string): string => format(new Date(date), 'MMM d, yyyy h:mm a');

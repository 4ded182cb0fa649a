/**
 * Which message is being edited in place (issue 19): at most one at a time, in whichever list
 * shows it (the main list or a thread). The message's menu starts it; the message item shows
 * its editor while it lasts. Kept outside the lists, so they pass nothing down for it.
 */
import { canEditMessage, isAllowed, type Membership, type Message } from '@ichat/shared';
import { useSyncExternalStore } from 'react';

let editingId: number | null = null;
const listeners = new Set<() => void>();

const setEditing = (messageId: number | null) => {
  editingId = messageId;
  for (const listener of listeners) listener();
};

export const startEditing = (messageId: number) => setEditing(messageId);
export const stopEditing = () => setEditing(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this message shows its editor now. */
export const useIsEditing = (messageId: number): boolean => useSyncExternalStore(subscribe, () => editingId === messageId);

/**
 * Whether a message's menu offers Edit: the chat policy's rule, with the administrators'
 * window as the conversation's detail reports it (`message_edit_window_minutes`) and this
 * device's clock. The server applies the same rule on its own clock; should the two differ at
 * the window's edge, the editor shows the server's refusal.
 */
export const mayStartEditing = (viewerId: number | undefined, membership: Membership, message: Message, windowMinutes: number | null): boolean =>
  isAllowed(canEditMessage(viewerId ?? 0, membership, { ...message, sent_at: Date.parse(message.createdAt) }, { now: Date.now(), minutes: windowMinutes }));

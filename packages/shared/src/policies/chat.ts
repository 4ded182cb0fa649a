/**
 * Who may do what in a conversation (000 §6), written once for the server's services and
 * the web's controls. A member is the caller's membership row; undefined means the caller
 * is not a member, which reads as "no such conversation" so nothing leaks.
 */
import { TEXT } from '../texts.js';
import { refusal, type Verdict } from './refusal.js';

export interface Membership {
  is_group: boolean;
  is_admin: boolean;
  is_muted: boolean;
}

export interface MessageFacts {
  sender_id: number;
  is_deleted: boolean;
}

export const CHAT_REFUSALS = {
  notAMember: 'That conversation does not exist or you are not a member of it.',
  ownMessagesOnly: 'You can only delete your own messages.',
  alreadyDeleted: 'This message has already been deleted.',
  personalRename: 'A personal conversation cannot be renamed.',
  personalMembers: 'Only a group conversation has members to manage.',
  personalAdd: 'Members can only be added to a group conversation.',
  personalLeave: 'You cannot leave a personal conversation.',
  notYourself: 'You cannot mute or remove yourself.',
  editOwnOnly: 'You can only edit your own messages.',
  editDeleted: 'A deleted message cannot be edited.',
} as const;

/** A span of minutes as people say it: '15 minutes', '1 hour', '2 days'. */
const minutesInWords = (minutes: number): string => {
  const [amount, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
};

/** The refusal of an edit past the administrators' window (message_edit_window_minutes). */
export const editWindowText = (minutes: number): string => `A message can only be edited within ${minutesInWords(minutes)} of sending it.`;

/**
 * The caller's membership as a conversation's detail tells it to the page (its permissions
 * block is the server's reading of the same rules).
 */
export const membershipOf = (conversation: {
  is_group: boolean;
  permissions: { is_admin: boolean; isPermittedToChat: boolean };
}): Membership => ({
  is_group: conversation.is_group,
  is_admin: conversation.permissions.is_admin,
  is_muted: !conversation.permissions.isPermittedToChat,
});

const notAMember = refusal('not-found', CHAT_REFUSALS.notAMember);

/** Any member sees the conversation, its messages, files, members and activity. */
export const canSeeConversation = (member: Membership | undefined): Verdict => (member ? null : notAMember);

/** Sending, replying, reacting and pinning: members who are not muted (000 §6). */
export const canPostIn = (member: Membership | undefined): Verdict => {
  if (!member) return notAMember;
  return member.is_muted ? refusal('forbidden', TEXT.restrictedFromChatting) : null;
};

/** Anyone who may post may pin (000 §6 "Anyone can pin"). */
export const canPin = canPostIn;

/** Only one's own message, and only once (000 §6). */
export const canDeleteMessage = (callerId: number, member: Membership | undefined, message: MessageFacts): Verdict => {
  if (!member) return notAMember;
  if (message.sender_id !== callerId) return refusal('forbidden', CHAT_REFUSALS.ownMessagesOnly);
  return message.is_deleted ? refusal('conflict', CHAT_REFUSALS.alreadyDeleted) : null;
};

/**
 * Editing a message's text: one's own, not deleted, while one may post in the conversation,
 * and within the administrators' window after sending it (null: no limit).
 */
export const canEditMessage = (
  callerId: number,
  member: Membership | undefined,
  message: MessageFacts & { /** Epoch ms. */ sent_at: number },
  editWindow: { now: number; minutes: number | null },
): Verdict => {
  if (!member) return notAMember;
  if (message.sender_id !== callerId) return refusal('forbidden', CHAT_REFUSALS.editOwnOnly);
  if (message.is_deleted) return refusal('conflict', CHAT_REFUSALS.editDeleted);
  if (member.is_muted) return refusal('forbidden', TEXT.restrictedFromChatting);
  const { now, minutes } = editWindow;
  return minutes !== null && now > message.sent_at + minutes * 60_000 ? refusal('forbidden', editWindowText(minutes)) : null;
};

/** Group Settings (name and image): the group's admins only. */
export const canEditConversation = (member: Membership | undefined): Verdict => {
  if (!member) return notAMember;
  if (!member.is_group) return refusal('invalid', CHAT_REFUSALS.personalRename);
  return member.is_admin ? null : refusal('forbidden', TEXT.permissionDenied);
};

/** Mute or remove another member: the group's admins, never on themselves. */
export const canManageMember = (callerId: number, member: Membership | undefined, targetUserId: number): Verdict => {
  if (!member) return notAMember;
  if (!member.is_group) return refusal('invalid', CHAT_REFUSALS.personalMembers);
  if (!member.is_admin) return refusal('forbidden', TEXT.permissionDenied);
  return targetUserId === callerId ? refusal('invalid', CHAT_REFUSALS.notYourself) : null;
};

/** Any member of a group may add people (000 §6: "no admin check is seen"). */
export const canAddMembers = (member: Membership | undefined): Verdict => {
  if (!member) return notAMember;
  return member.is_group ? null : refusal('invalid', CHAT_REFUSALS.personalAdd);
};

/** Leaving: groups only; a personal conversation stays. */
export const canLeave = (member: Membership | undefined): Verdict => {
  if (!member) return notAMember;
  return member.is_group ? null : refusal('invalid', CHAT_REFUSALS.personalLeave);
};

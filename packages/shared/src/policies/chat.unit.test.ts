import { describe, expect, it } from 'vitest';
import { TEXT } from '../texts.js';
import {
  canAddMembers,
  canDeleteMessage,
  canEditConversation,
  canEditMessage,
  canLeave,
  canManageMember,
  canPin,
  canPostIn,
  canSeeConversation,
  CHAT_REFUSALS,
  editWindowText,
  membershipOf,
  type Membership,
} from './chat.js';
import { refusal, type Verdict } from './refusal.js';

const member = (facts: Partial<Membership> = {}): Membership => ({ is_group: true, is_admin: false, is_muted: false, ...facts });
const none = undefined;
const notAMember = refusal('not-found', CHAT_REFUSALS.notAMember);
const restricted = refusal('forbidden', TEXT.restrictedFromChatting);
const denied = refusal('forbidden', TEXT.permissionDenied);

describe('chat policy', () => {
  it('reads the membership from a conversation detail', () => {
    expect(membershipOf({ is_group: true, permissions: { is_admin: true, isPermittedToChat: false } })).toEqual(
      member({ is_admin: true, is_muted: true }),
    );
  });

  it.each<[string, Membership | undefined, Verdict]>([
    ['a member', member(), null],
    ['a muted member', member({ is_muted: true }), null],
    ['a stranger', none, notAMember],
  ])('canSeeConversation: %s', (_who, who, verdict) => {
    expect(canSeeConversation(who)).toEqual(verdict);
  });

  it.each<[string, Membership | undefined, Verdict]>([
    ['a member', member(), null],
    ['an admin in a personal conversation', member({ is_group: false, is_admin: true }), null],
    ['a muted member', member({ is_muted: true }), restricted],
    ['a muted admin', member({ is_admin: true, is_muted: true }), restricted],
    ['a stranger', none, notAMember],
  ])('canPostIn and canPin: %s', (_who, who, verdict) => {
    expect(canPostIn(who)).toEqual(verdict);
    expect(canPin(who)).toEqual(verdict);
  });

  it.each<[string, Membership | undefined, { sender_id: number; is_deleted: boolean }, Verdict]>([
    ['one’s own message', member(), { sender_id: 7, is_deleted: false }, null],
    ['one’s own message while muted', member({ is_muted: true }), { sender_id: 7, is_deleted: false }, null],
    ['someone else’s, as an admin', member({ is_admin: true }), { sender_id: 8, is_deleted: false }, refusal('forbidden', CHAT_REFUSALS.ownMessagesOnly)],
    ['one’s own, already deleted', member(), { sender_id: 7, is_deleted: true }, refusal('conflict', CHAT_REFUSALS.alreadyDeleted)],
    ['as a stranger', none, { sender_id: 7, is_deleted: false }, notAMember],
  ])('canDeleteMessage: %s', (_case, who, message, verdict) => {
    expect(canDeleteMessage(7, who, message)).toEqual(verdict);
  });

  const sentAt = 1_700_000_000_000;
  const minute = 60_000;
  it.each<[string, Membership | undefined, { sender_id: number; is_deleted: boolean }, { now: number; minutes: number | null }, Verdict]>([
    ['one’s own message, no window', member(), { sender_id: 7, is_deleted: false }, { now: sentAt + 365 * 1440 * minute, minutes: null }, null],
    ['one’s own, inside the window', member(), { sender_id: 7, is_deleted: false }, { now: sentAt + 15 * minute, minutes: 15 }, null],
    ['one’s own, past the window', member(), { sender_id: 7, is_deleted: false }, { now: sentAt + 15 * minute + 1, minutes: 15 }, refusal('forbidden', editWindowText(15))],
    ['someone else’s, as an admin', member({ is_admin: true }), { sender_id: 8, is_deleted: false }, { now: sentAt, minutes: null }, refusal('forbidden', CHAT_REFUSALS.editOwnOnly)],
    ['one’s own, deleted', member(), { sender_id: 7, is_deleted: true }, { now: sentAt, minutes: null }, refusal('conflict', CHAT_REFUSALS.editDeleted)],
    ['one’s own while muted', member({ is_muted: true }), { sender_id: 7, is_deleted: false }, { now: sentAt, minutes: null }, restricted],
    ['as a stranger', none, { sender_id: 7, is_deleted: false }, { now: sentAt, minutes: null }, notAMember],
  ])('canEditMessage: %s', (_case, who, message, editWindow, verdict) => {
    expect(canEditMessage(7, who, { ...message, sent_at: sentAt }, editWindow)).toEqual(verdict);
  });

  it.each<[number, string]>([
    [1, '1 minute'],
    [15, '15 minutes'],
    [60, '1 hour'],
    [90, '90 minutes'],
    [120, '2 hours'],
    [1440, '1 day'],
    [2880, '2 days'],
  ])('the edit window of %i minutes reads %s', (minutes, words) => {
    expect(editWindowText(minutes)).toBe(`A message can only be edited within ${words} of sending it.`);
  });

  it.each<[string, Membership | undefined, Verdict]>([
    ['a group admin', member({ is_admin: true }), null],
    ['a group member', member(), denied],
    ['a personal conversation', member({ is_group: false, is_admin: true }), refusal('invalid', CHAT_REFUSALS.personalRename)],
    ['a stranger', none, notAMember],
  ])('canEditConversation: %s', (_who, who, verdict) => {
    expect(canEditConversation(who)).toEqual(verdict);
  });

  it.each<[string, Membership | undefined, number, Verdict]>([
    ['an admin on another member', member({ is_admin: true }), 8, null],
    ['an admin on themselves', member({ is_admin: true }), 7, refusal('invalid', CHAT_REFUSALS.notYourself)],
    ['a member on another', member(), 8, denied],
    ['in a personal conversation', member({ is_group: false, is_admin: true }), 8, refusal('invalid', CHAT_REFUSALS.personalMembers)],
    ['a stranger', none, 8, notAMember],
  ])('canManageMember: %s', (_case, who, target, verdict) => {
    expect(canManageMember(7, who, target)).toEqual(verdict);
  });

  it.each<[string, Membership | undefined, Verdict, Verdict]>([
    ['a group member', member(), null, null],
    ['a muted group member', member({ is_muted: true }), null, null],
    ['a personal conversation', member({ is_group: false }), refusal('invalid', CHAT_REFUSALS.personalAdd), refusal('invalid', CHAT_REFUSALS.personalLeave)],
    ['a stranger', none, notAMember, notAMember],
  ])('canAddMembers and canLeave: %s', (_case, who, adding, leaving) => {
    expect(canAddMembers(who)).toEqual(adding);
    expect(canLeave(who)).toEqual(leaving);
  });
});

import { describe, expect, it } from 'vitest';
import { TEXT } from '../texts.js';
import {
  canAddMembers,
  canDeleteMessage,
  canEditConversation,
  canLeave,
  canManageMember,
  canPin,
  canPostIn,
  canSeeConversation,
  CHAT_REFUSALS,
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

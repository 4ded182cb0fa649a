import type { Notification } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { bellLabel, notificationSummary, notificationTarget } from './notification-lib';

const base: Notification = {
  id: 1,
  is_read: false,
  notification_type: 'mention',
  conversation_id: 4,
  message_id: 40,
  reply_to_thread_message_id: null,
  request_notification_form_request_id: null,
  request_type: null,
  is_reminder: false,
  createdAt: '2026-01-05T07:05:00.000Z',
  message_details: { content: 'Hello there, this is a long message' },
  notification_sender_details: { display_name: 'Ana Reyes' },
  conversation_details: { name: 'Purchasing', image: '' },
};

describe('notificationTarget', () => {
  it('opens the conversation for mute', () => {
    expect(notificationTarget({ ...base, notification_type: 'mute' })).toEqual({
      kind: 'navigate',
      to: '/conversations/4',
      markRead: true,
    });
  });
  it('opens the request detail for the five form-request types', () => {
    for (const type of ['new form request', 'approve form request', 'approved form request', 'denied form request', 'withdrawn form request']) {
      expect(
        notificationTarget({ ...base, notification_type: type, request_notification_form_request_id: 9, request_type: 'epr' }),
      ).toEqual({ kind: 'navigate', to: '/requests?p=view-request-detail&t=epr&r=9', markRead: true });
    }
  });
  it('is not clickable for removed', () => {
    expect(notificationTarget({ ...base, notification_type: 'removed' })).toEqual({ kind: 'none' });
  });
  it('looks the message position up for reaction, mention, thread mention and unmute', () => {
    for (const type of ['reaction', 'mention', 'thread mention', 'unmute']) {
      expect(notificationTarget({ ...base, notification_type: type })).toEqual({
        kind: 'position',
        conversationId: 4,
        messageId: 40,
      });
    }
  });
  it('opens the conversation for an unmute, which points at no message', () => {
    expect(notificationTarget({ ...base, notification_type: 'unmute', message_id: null })).toEqual({
      kind: 'navigate',
      to: '/conversations/4',
      markRead: true,
    });
  });
  it('reports an unknown type as unsupported', () => {
    expect(notificationTarget({ ...base, notification_type: 'birthday' })).toEqual({ kind: 'unsupported' });
  });
});


describe('notificationSummary and bellLabel', () => {
  it('truncates the preview to 15 characters', () => {
    const summary = notificationSummary(base);
    expect(summary.preview).toBe('Hello there, th…');
    expect(summary.sender).toBe('Ana Reyes');
    expect(summary.place).toBe('Purchasing');
  });
  it('shows mentions as @name in the preview', () => {
    const summary = notificationSummary({ ...base, notification_type: 'mention', message_details: { content: '@@Ana Reyes@@ hi' } });
    expect(summary.preview).toBe('@Ana Reyes hi');
    expect(summary.action).toBe('mentioned you');
  });
  it('gives form requests a readable line', () => {
    const summary = notificationSummary({ ...base, notification_type: 'denied form request', message_details: { content: 'EPR-1' } });
    expect(summary.action).toBe('Form request rejected');
    expect(summary.isRequest).toBe(true);
    expect(summary.preview).toBe('EPR-1');
    const withdrawn = notificationSummary({ ...base, notification_type: 'withdrawn form request', message_details: { content: 'EPR-1' } });
    expect(withdrawn.action).toBe('Withdrew their form request');
  });
  it('says a reminder is one', () => {
    const reminder = notificationSummary({ ...base, notification_type: 'new form request', is_reminder: true });
    expect(reminder.action).toBe('Reminder: a form request is waiting for your approval');
    expect(reminder.isRequest).toBe(true);
  });
  it('names the unread count', () => {
    expect(bellLabel(2)).toBe('Notifications, 2 unread');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(99)).toBe('Notifications, 99 unread');
    expect(bellLabel(120)).toBe('Notifications, 99+ unread');
  });
});

import { CONVERSATION_PAGE_SIZE, TEXT, type Message } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { isPhoneLike } from './assets';
import { conversationJumpPath, conversationOpenPath } from './conversation-path';
import { dateSeparatorLabel, separatorBefore } from './dates';
import { fitWithin } from './image-fit';
import { safeHref, splitMessageText } from './links';
import { addSentMessage, mergeNewest, mergeOlder } from '../cache/message-window';
import { countBefore, dataIndexFromNewest, nextConversationLimit, olderPageLimit } from './paging';
import { replyPreview, seenByNames, sidebarPreview } from './preview';
import { parseFilter } from './storage';

describe('splitMessageText', () => {
  it('links http, https and mailto, and prefixes www. with https://', () => {
    expect(splitMessageText('see https://example.com/a?b=1 and www.acme.ph, or mailto:a@b.ph')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'www.acme.ph', href: 'https://www.acme.ph/' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'mailto:a@b.ph', href: 'mailto:a@b.ph' },
    ]);
  });

  it('keeps other schemes and markup as plain text', () => {
    expect(splitMessageText('javascript:alert(1) <b>x</b> ftp://h/f')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>x</b> ftp://h/f' },
    ]);
  });

  it('leaves trailing punctuation out of the link', () => {
    const segments = splitMessageText('Go to http://x.ph/page.');
    expect(segments[1]).toEqual({ kind: 'link', text: 'http://x.ph/page', href: 'http://x.ph/page' });
    expect(segments[2]).toEqual({ kind: 'text', text: '.' });
  });

  it('turns @@name@@ into a mention', () => {
    expect(splitMessageText('hi @@Juan Dela Cruz@@!')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', name: 'Juan Dela Cruz' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('refuses unsafe hrefs', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('www.ok.ph')).toBe('https://www.ok.ph/');
  });
});

describe('date separators', () => {
  it("reads 'Month day'", () => {
    expect(dateSeparatorLabel(new Date(2025, 10, 22, 9, 30))).toBe('November 22');
  });

  it('shows one separator per day', () => {
    const first = new Date(2025, 10, 22, 9);
    const later = new Date(2025, 10, 22, 23);
    const next = new Date(2025, 10, 23, 0, 5);
    expect(separatorBefore(first, undefined)).toBe('November 22');
    expect(separatorBefore(later, first)).toBeNull();
    expect(separatorBefore(next, later)).toBe('November 23');
  });
});

describe('previews', () => {
  const now = new Date('2025-11-22T10:00:00Z');
  const last = {
    id: 1,
    content: 'Please check the delivery schedule for tomorrow',
    is_deleted: false,
    is_thread_reply: false,
    reply_to_thread_message_id: null,
    updatedAt: '2025-11-22T09:55:00Z',
    sender: { id: 2, display_name: 'Juan D.', first_name: 'Juan' },
  };

  it("sidebar: 'FirstName: text • time' with the text part cut at 25", () => {
    expect(sidebarPreview(last, now)).toBe('Juan: Please check the de… • 5m');
    expect(sidebarPreview({ ...last, content: 'ok' }, now)).toBe('Juan: ok • 5m');
    expect(sidebarPreview({ ...last, is_deleted: true }, now)).toBe(`Juan: ${TEXT.deletedChat} • 5m`);
    expect(sidebarPreview(null, now)).toBe('');
  });

  it('reply previews are cut at 15', () => {
    expect(replyPreview({ content: 'abcdefghijklmnopq', is_deleted: false })).toBe('abcdefghijklmno…');
    expect(replyPreview({ content: 'x', is_deleted: true })).toBe(TEXT.deletedChat);
  });

  it('seen-by: once per person, the viewer as You', () => {
    const reads = [
      { user_id: 1, user: { display_name: 'Maria' } },
      { user_id: 2, user: { display_name: 'Juan' } },
      { user_id: 2, user: { display_name: 'Juan' } },
    ];
    expect(seenByNames(reads, 1)).toEqual(['You', 'Juan']);
  });
});

describe('fitWithin', () => {
  it('shrinks into 800 × 800 keeping proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1000, 2000)).toEqual({ width: 400, height: 800 });
    expect(fitWithin(8000, 10)).toEqual({ width: 800, height: 1 });
  });

  it('never enlarges', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('paging', () => {
  it('grows the conversation limit by 5 only when the page was full and more exist', () => {
    expect(nextConversationLimit(CONVERSATION_PAGE_SIZE, 10, 40)).toBe(15);
    expect(nextConversationLimit(15, 12, 12)).toBe(15);
    expect(nextConversationLimit(15, 15, 15)).toBe(15);
    expect(nextConversationLimit(100, 100, 400)).toBe(100);
  });

  it('asks for 10 older messages, or enough to reach a wanted count', () => {
    expect(olderPageLimit(30)).toBe(10);
    expect(olderPageLimit(30, 35)).toBe(10);
    expect(olderPageLimit(30, 130)).toBe(100);
    expect(olderPageLimit(30, 5000)).toBe(200);
  });

  const message = (id: number, content = `m${id}`): Message =>
    ({ id, content, is_deleted: false }) as unknown as Message;

  it('merges a fresh newest page over what is held and keeps older messages', () => {
    const held = { messages: [1, 2, 3, 4, 5].map((id) => message(id)), hasMore: true };
    const merged = mergeNewest(held, { messages: [message(4, 'changed'), message(5), message(6)], has_more: true });
    expect(merged.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(merged.messages[3]?.content).toBe('changed');
    expect(merged.hasMore).toBe(true);
  });

  it('puts an older page in front without duplicates', () => {
    const held = { messages: [5, 6].map((id) => message(id)), hasMore: true };
    const merged = mergeOlder(held, { messages: [3, 4, 5].map((id) => message(id)), has_more: false });
    expect(merged?.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(merged?.hasMore).toBe(false);
  });

  it('adds a sent message in id order, keeping a copy already held (the live one may carry seen marks)', () => {
    const held = { messages: [message(1), message(3)], hasMore: false };
    expect(addSentMessage(held, message(2)).messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(addSentMessage(held, message(3, 'answer')).messages[1]?.content).toBe('m3');
    expect(addSentMessage(undefined, message(4)).messages.map((m) => m.id)).toEqual([4]);
  });

  it('counts messages before the anchor and maps newest-first indexes', () => {
    const messages = [2, 4, 6, 8].map((id) => ({ id }));
    expect(countBefore(messages, 6)).toBe(2);
    expect(countBefore(messages, null)).toBe(0);
    expect(dataIndexFromNewest(40, 0)).toBe(39);
    expect(dataIndexFromNewest(40, 39)).toBe(0);
  });
});

describe('small rules', () => {
  it('phones: narrow or coarse pointer', () => {
    expect(isPhoneLike(390, false, 1200)).toBe(true);
    expect(isPhoneLike(1440, true, 1200)).toBe(true);
    expect(isPhoneLike(1440, false, 1200)).toBe(false);
  });

  it('stored filter falls back to personal', () => {
    expect(parseFilter('group')).toBe('group');
    expect(parseFilter('nonsense')).toBe('personal');
    expect(parseFilter(null)).toBe('personal');
  });
});

describe('conversationOpenPath', () => {
  const last = (isThreadReply: boolean) => ({
    id: 41,
    content: 'x',
    is_deleted: false,
    is_thread_reply: isThreadReply,
    reply_to_thread_message_id: isThreadReply ? 40 : null,
    updatedAt: '2026-11-23T01:00:00.000Z',
    sender: { id: 2, display_name: 'Juan Dela Cruz', first_name: 'Juan' },
  });

  it('opens the thread at the reply when the latest message is an unread thread reply', () => {
    expect(conversationOpenPath({ id: 7, unread_count: 2, last_message: last(true) })).toBe('/conversations/7?q=41&_t=40&_tr=true');
  });

  it('opens the conversation otherwise', () => {
    expect(conversationOpenPath({ id: 7, unread_count: 0, last_message: last(true) })).toBe('/conversations/7');
    expect(conversationOpenPath({ id: 7, unread_count: 3, last_message: last(false) })).toBe('/conversations/7');
    expect(conversationOpenPath({ id: 7, unread_count: 3, last_message: null })).toBe('/conversations/7');
  });
});

describe('conversationJumpPath', () => {
  it('carries the message id and the search text', () => {
    expect(conversationJumpPath(4, 40, { query: 'hi', thread: { thread_reply: false, message_id: null } })).toBe(
      '/conversations/4?q=40&_q=hi',
    );
  });
  it('adds the thread parent for a thread reply', () => {
    expect(conversationJumpPath(4, 41, { query: '', thread: { thread_reply: true, message_id: 40 } })).toBe(
      '/conversations/4?q=41&_q=&_t=40&_tr=true',
    );
  });
});

/**
 * Search (000 §5, §7): within one conversation and across all of the caller's conversations.
 * Both go through the full-text index (search.repository.ts): every word of the keyword
 * must start a word of the message; best match first, newer first among equals.
 */
import type { SearchResult } from '@ichat/shared';
import { toIso } from '../../db/values.js';
import { toChatUser, type ChatViews } from './chat-views.js';
import type { ConversationsRepository } from './conversations.repository.js';
import type { MessagesRepository } from './messages.repository.js';
import type { SearchHitRow, SearchRepository } from './search.repository.js';

export const SEARCH_RESULT_LIMIT = 50;

export const createSearchService = ({
  conversations,
  messages,
  views,
  search,
}: {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  views: ChatViews;
  search: SearchRepository;
}) => {
  /** Hits in the document's shape; a personal conversation is named after the other person. */
  const present = async (userId: number, rows: SearchHitRow[]): Promise<SearchResult[]> => {
    const personalIds = [...new Set(rows.filter((row) => !row.conversation_is_group).map((row) => row.conversation_id))];
    const [senders, peers] = await Promise.all([
      messages.usersByIds([...new Set(rows.map((row) => row.sender_id))]),
      conversations.otherMembers(userId, personalIds),
    ]);
    return rows.flatMap((row) => {
      const sender = senders.get(row.sender_id);
      if (!sender) return [];
      const peer = peers.get(row.conversation_id);
      return [
        {
          id: row.id,
          conversation_id: row.conversation_id,
          conversation_detail: row.conversation_is_group
            ? { name: row.conversation_name ?? '', image: row.conversation_image ?? '', is_group: true }
            : { name: peer?.display_name ?? '', image: peer?.profile_photo ?? '', is_group: false },
          user: toChatUser(sender),
          content: row.content,
          reply_to_thread_message_id: row.thread_parent_id,
          createdAt: toIso(row.created_at),
        },
      ];
    });
  };

  return {
    async inConversation(userId: number, conversationId: number, keyword: string) {
      await views.requireMember(conversationId, userId);
      return present(userId, await search.searchMessages({ userId, conversationId, keyword, limit: SEARCH_RESULT_LIMIT }));
    },

    async global(userId: number, keyword: string) {
      return present(userId, await search.searchMessages({ userId, keyword, limit: SEARCH_RESULT_LIMIT }));
    },
  };
};

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * The sidebar's Personal/Group tab, owned by the main screen so it outlives the sidebar (on a
 * phone the sidebar is gone while a conversation is open). The chosen tab is remembered; a
 * conversation opened by a link or a notification switches it to its kind, once per
 * conversation, so the open conversation is in the list and the person may still change
 * tabs afterwards (issue 17).
 */
import type { ConversationFilter } from '@ichat/shared';
import { useEffect, useState } from 'react';
import { useConversationQuery } from '../api/queries';
import { readStoredFilter, storeFilter } from '../lib/storage';

export function useConversationTab(openId: number | null): [ConversationFilter, (filter: ConversationFilter) => void] {
  const [filter, setFilter] = useState<ConversationFilter>(readStoredFilter);
  const open = useConversationQuery(openId ?? 0, openId !== null);
  const openIsGroup = open.data?.is_group;
  const [syncedId, setSyncedId] = useState<number | null>(null);
  if (openId !== null && openIsGroup !== undefined && syncedId !== openId) {
    setSyncedId(openId);
    setFilter(openIsGroup ? 'group' : 'personal');
  }
  useEffect(() => storeFilter(filter), [filter]);
  return [filter, setFilter];
}

import { TEXT, type ConversationFilter, type ConversationSummary, type ErefKey } from '@ichat/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionMenu } from '../action-menu';
import { useConversationPatchMutation } from '../api/mutations';
import { useConversationListQuery, useEveryConversationQuery } from '../api/queries';
import { nextConversationLimit } from '../lib/paging';
import { conversationOpenPath } from '../lib/conversation-path';
import { storeSelectedConversationId } from '../lib/storage';
import { useQueryErrorReport, useReportError } from '../../../lib/use-report-error';
import { ConversationItem } from './conversation-item';

interface ConversationListProps {
  filter: ConversationFilter;
  /** Typed in the search box (debounced): only conversations whose name holds it show. */
  nameFilter: string;
  limit: number;
  onLimitChange: (limit: number) => void;
  selectedId: number | null;
}

/** What a failed pin or leave reports. */
const PATCH_ERRORS: Record<'pin' | 'leave', ErefKey> = { pin: 'PIN_CONVERSATION_ERROR', leave: 'LEAVE_CONVERSATION_ERROR' };

interface OpenMenu {
  anchor: HTMLElement;
  conversation: ConversationSummary;
}

/** Whether a conversation's name holds what was typed, whatever the case or accents. */
export const nameMatches = (name: string, typed: string): boolean => {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return fold(name).includes(fold(typed.trim()));
};

/**
 * Pinned first, then newest activity (the server's order); infinite scroll grows the limit.
 * While a name is typed in the search box the list shows every matching conversation of the
 * tab at once, read from the whole list (issue 17: the sidebar filters while typing).
 */
export function ConversationList({ filter, nameFilter, limit, onLimitChange, selectedId }: ConversationListProps) {
  const navigate = useNavigate();
  const isFiltering = nameFilter.trim() !== '';
  const paged = useConversationListQuery(filter, limit);
  const every = useEveryConversationQuery(isFiltering);
  const list = isFiltering ? every : paged;
  const patch = useConversationPatchMutation();
  const report = useReportError();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  useQueryErrorReport('UPDATE_CONVERSATION_DATA_ERROR', list.error, list.errorUpdatedAt);

  const conversations = isFiltering
    ? (every.data?.conversations ?? []).filter((conversation) => conversation.is_group === (filter === 'group') && nameMatches(conversation.name, nameFilter))
    : (paged.data?.conversations ?? []);
  const total = paged.data?.pagination.total ?? 0;
  const loaded = conversations.length;
  // Only a page of the current filter may grow the limit: a kept previous page says nothing.
  const nextLimit = isFiltering || paged.isPlaceholderData || paged.isFetching ? limit : nextConversationLimit(limit, loaded, total);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || nextLimit === limit) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLimitChange(nextLimit);
      },
      { root: scrollerRef.current, rootMargin: '0px 0px 120px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [limit, nextLimit, onLimitChange]);

  const handleOpen = (conversation: ConversationSummary) => {
    storeSelectedConversationId(conversation.id);
    void navigate(conversationOpenPath(conversation));
  };

  /** Closes the menu, then pins or leaves its conversation; `onDone` runs once the server agreed. */
  const patchMenuConversation = (action: 'pin' | 'leave', onDone?: (conversation: ConversationSummary) => void) => {
    if (!menu) return;
    const { conversation } = menu;
    setMenu(null);
    patch.mutate(
      { conversationId: conversation.id, action },
      { onSuccess: () => onDone?.(conversation), onError: (error) => report(PATCH_ERRORS[action], error) },
    );
  };

  const handlePin = () => patchMenuConversation('pin');
  // Leaving the open conversation goes back to the empty main screen.
  const handleLeave = () =>
    patchMenuConversation('leave', (conversation) => {
      if (conversation.id !== selectedId) return;
      storeSelectedConversationId(null);
      void navigate('/');
    });

  const pinEntry = { label: menu?.conversation.is_pinned ? 'Unpin' : 'Pin', icon: <PushPinOutlinedIcon fontSize="small" />, run: handlePin };
  const leaveEntry = { label: 'Leave', icon: <LogoutIcon fontSize="small" />, run: handleLeave };
  // Personal conversations cannot be left; only groups offer it.
  const menuEntries = menu?.conversation.is_group ? [pinEntry, leaveEntry] : [pinEntry];

  return (
    <Box ref={scrollerRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label="Loading conversations" />
        </Box>
      ) : loaded === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4, fontWeight: 500, letterSpacing: 0.5 }}>
          {TEXT.noChatsFound}
        </Typography>
      ) : (
        <List disablePadding aria-label={filter === 'personal' ? 'Personal conversations' : 'Group conversations'}>
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              isSelected={conversation.id === selectedId}
              peerId={conversation.peer_user_id ?? undefined}
              onOpen={handleOpen}
              onOpenMenu={(anchor) => setMenu({ anchor, conversation })}
            />
          ))}
        </List>
      )}
      <Box ref={sentinelRef} sx={{ height: 1 }} />
      {!isFiltering && paged.isFetching && paged.isPlaceholderData ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
          <CircularProgress size={20} aria-label="Loading more conversations" />
        </Box>
      ) : null}
      <ActionMenu
        anchor={menu?.anchor ?? null}
        align="right"
        entries={menuEntries}
        onPick={({ run }) => run()}
        onClose={() => setMenu(null)}
      />
    </Box>
  );
}

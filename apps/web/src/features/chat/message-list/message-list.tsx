import { canDeleteMessage, HIGHLIGHT_PULSE_MS, isAllowed, MESSAGE_PAGE_GROWTH, TEXT, type Membership, type Message } from '@ichat/shared';
import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { ActionMenu, type MenuEntry } from '../action-menu';
import { fetchMessagePosition } from '../api/queries';
import { countBefore } from '../lib/paging';
import { useQueryErrorReport, useReportError } from '../../../lib/use-report-error';
import type { LightboxImage } from '../modals/image-lightbox';
import { MessageReactionPicker } from '../reactions/reaction-picker';
import { useToggleReaction } from '../reactions/use-toggle-reaction';
import { mayStartEditing, startEditing } from './message-editing';
import { MessageItem } from './message-item';
import { useKeepBottomOnResize } from './use-keep-bottom-on-resize';
import { useMessageHistory } from './use-message-history';

/** Virtuoso counts prepended items down from here (it must stay positive). */
const FIRST_INDEX_BASE = 100_000_000;

/** How close to the newest message still counts as "at the bottom" (px). */
const AT_BOTTOM_THRESHOLD = 120;

export interface JumpRequest {
  messageId: number;
  /** Changes for every request, so asking for the same message twice jumps twice. */
  nonce: number;
}

interface MessageListProps {
  conversationId: number;
  viewerId: number | undefined;
  /** The viewer's membership: which actions the menu offers follow the chat policy. */
  membership: Membership;
  /** The administrators' edit window in minutes (null: none): Edit is offered only within it. */
  editWindowMinutes: number | null;
  jumpRequest: JumpRequest | null;
  onJumpHandled: () => void;
  /** Changes after the person sends: the list goes to the newest message. */
  scrollToBottomSignal: number;
  onReply: (message: Message) => void;
  onTogglePin: (message: Message) => void;
  onDelete: (message: Message) => void;
  onOpenImage: (image: LightboxImage) => void;
  /** Opens the thread view on this (top-level) message. */
  onOpenThread: (message: Message) => void;
}

interface OpenMenu {
  anchor: HTMLElement;
  message: Message;
}

interface MenuAction extends MenuEntry {
  run: (message: Message) => void;
}

/**
 * The virtualised message list (000 §2): opens at the newest message, loads older ones when
 * the top is reached while keeping the view still, day separators, scroll-to-bottom button.
 */
export function MessageList({
  conversationId,
  viewerId,
  membership,
  editWindowMinutes,
  jumpRequest,
  onJumpHandled,
  scrollToBottomSignal,
  onReply,
  onTogglePin,
  onDelete,
  onOpenImage,
  onOpenThread,
}: MessageListProps) {
  const { query, isLoadingOlder, loadOlder, ensureCount } = useMessageHistory(conversationId);
  const report = useReportError();
  useQueryErrorReport('SET_CONVERSATION_DATA_ERROR', query.error, query.errorUpdatedAt);
  const virtuosoRef = useRef<VirtuosoHandle>(null);
  const [isAtBottom, setIsAtBottom] = useState(true);
  const [highlightedId, setHighlightedId] = useState<number | null>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  // By id, so the picker marks the message's reactions as they are now, not when it opened.
  const [pickerMessageId, setPickerMessageId] = useState<number | null>(null);
  const toggleReaction = useToggleReaction(viewerId);
  // The oldest message of the first page: everything older counts as prepended.
  const [anchorId, setAnchorId] = useState<number | null>(null);

  const messages = query.data?.messages;
  const hasMore = query.data?.hasMore ?? false;
  const firstMessageId = messages?.[0]?.id;
  if (anchorId === null && firstMessageId !== undefined) setAnchorId(firstMessageId);
  const firstItemIndex = FIRST_INDEX_BASE - countBefore(messages ?? [], anchorId);

  const handleStartReached = useCallback(() => {
    if (!hasMore) return;
    loadOlder().catch((error: unknown) => report('SET_CONVERSATION_DATA_ERROR', error));
  }, [hasMore, loadOlder, report]);

  const scrollerRef = useRef<HTMLElement | null>(null);
  // Also kept as state, so the resize hook attaches once Virtuoso has made its scroller.
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const handleScrollerRef = useCallback((element: HTMLElement | Window | null) => {
    scrollerRef.current = element instanceof HTMLElement ? element : null;
    setScroller(scrollerRef.current);
  }, []);
  useKeepBottomOnResize(scroller, AT_BOTTOM_THRESHOLD);
  const scrollToBottom = useCallback(() => {
    virtuosoRef.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
    // Virtuoso aligns the last row by its estimate; the scroller's own height is exact.
    window.requestAnimationFrame(() => {
      const scroller = scrollerRef.current;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
  }, []);

  useEffect(() => {
    if (scrollToBottomSignal === 0) return;
    // After the sent message is in the list.
    const timer = window.setTimeout(scrollToBottom, 50);
    return () => window.clearTimeout(timer);
  }, [scrollToBottomSignal, scrollToBottom]);

  // Opening lands on the newest message; once the first rows are measured (images, long
  // texts) the estimate is corrected, unless the conversation opened at a searched message.
  const opensAtMessage = useRef(jumpRequest !== null);
  const hasMessages = (messages?.length ?? 0) > 0;
  useEffect(() => {
    if (!hasMessages || opensAtMessage.current) return;
    const timers = [80, 400].map((delay) => window.setTimeout(scrollToBottom, delay));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [hasMessages, scrollToBottom]);

  // The pulse ends after 2.5 s (000 §9).
  useEffect(() => {
    if (highlightedId === null) return;
    const timer = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [highlightedId]);

  // A message to bring into view once it is in the rendered data (after older pages arrive).
  const [pendingScrollId, setPendingScrollId] = useState<number | null>(null);
  const messageIds = useMemo(() => new Map((messages ?? []).map((message, index) => [message.id, index])), [messages]);
  const messageIdsRef = useRef(messageIds);
  useEffect(() => {
    messageIdsRef.current = messageIds;
  }, [messageIds]);

  useEffect(() => {
    if (pendingScrollId === null) return;
    const index = messageIds.get(pendingScrollId);
    if (index === undefined) return;
    const messageId = pendingScrollId;
    // Looked up at each call: older pages may have been put in front meanwhile.
    const go = () => {
      const current = messageIdsRef.current.get(messageId) ?? index;
      virtuosoRef.current?.scrollToIndex({ index: current, align: 'center', behavior: 'auto' });
    };
    const timer = window.setTimeout(() => {
      go();
      // Once more after the rows around it were measured.
      window.setTimeout(go, 300);
      setPendingScrollId(null);
      setHighlightedId(messageId);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pendingScrollId, messageIds]);

  const scrollToMessage = useCallback((messageId: number) => {
    window.setTimeout(() => {
      setHighlightedId(null);
      setPendingScrollId(messageId);
    }, 0);
  }, []);

  /** Opens the conversation at a message: held already, or loaded as far back as its position. */
  const jumpTo = useCallback(
    async (messageId: number, isCancelled: () => boolean = () => false) => {
      if (messageIdsRef.current.has(messageId)) {
        scrollToMessage(messageId);
        return;
      }
      try {
        let { response } = await fetchMessagePosition(conversationId, messageId);
        let targetId = messageId;
        // A thread reply is not in the main list: its parent is (the thread view comes later).
        if (response.thread.thread_reply && response.thread.message_id !== null) {
          targetId = response.thread.message_id;
          ({ response } = await fetchMessagePosition(conversationId, targetId));
        }
        // A page more than the position needs, so the message has context above it.
        await ensureCount(response.index + 1 + MESSAGE_PAGE_GROWTH);
        if (!isCancelled()) scrollToMessage(targetId);
      } catch (error) {
        if (!isCancelled()) report('FETCH_MSG_POSITION_ERROR', error);
      }
    },
    [conversationId, ensureCount, report, scrollToMessage],
  );

  // The caller's callback may change identity with the URL; the jump must not restart for it.
  const onJumpHandledRef = useRef(onJumpHandled);
  useEffect(() => {
    onJumpHandledRef.current = onJumpHandled;
  }, [onJumpHandled]);

  const isReady = messages !== undefined;
  useEffect(() => {
    if (!jumpRequest || !isReady) return;
    let isCancelled = false;
    void jumpTo(jumpRequest.messageId, () => isCancelled).finally(() => {
      if (!isCancelled) onJumpHandledRef.current();
    });
    return () => {
      isCancelled = true;
    };
  }, [jumpRequest, isReady, jumpTo]);

  const handleOpenActions = useCallback((anchor: HTMLElement, message: Message) => setMenu({ anchor, message }), []);
  const handleJumpTo = useCallback((messageId: number) => void jumpTo(messageId), [jumpTo]);
  const handleOpenReactionPicker = useCallback((message: Message) => setPickerMessageId(message.id), []);

  // The menu item that opened the picker is gone when it closes: focus goes back to the
  // message's actions button instead of the top of the page.
  const pickerReturnFocus = useRef<HTMLElement | null>(null);
  const closeReactionPicker = useCallback(() => {
    setPickerMessageId(null);
    const target = pickerReturnFocus.current;
    pickerReturnFocus.current = null;
    if (target?.isConnected) window.setTimeout(() => target.focus(), 0);
  }, []);

  const runMenuAction = (action: (message: Message) => void) => {
    if (!menu) return;
    const { message, anchor } = menu;
    setMenu(null);
    pickerReturnFocus.current = action === handleOpenReactionPicker ? anchor : null;
    action(message);
  };

  if (query.isPending) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading messages" />
      </Box>
    );
  }

  if (!messages || messages.length === 0) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 3 }}>
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {TEXT.emptyChat}
        </Typography>
      </Box>
    );
  }

  const isOwnMenu = menu?.message.sender_id === viewerId;
  const mayDelete = menu !== null && isAllowed(canDeleteMessage(viewerId ?? 0, membership, menu.message));
  const deleteAction: MenuAction = { label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" />, run: onDelete };
  const mayEdit = menu !== null && mayStartEditing(viewerId, membership, menu.message, editWindowMinutes);
  const editAction: MenuAction = { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, run: (message) => startEditing(message.id) };
  const replyAction: MenuAction = { label: 'Reply', icon: <ReplyIcon fontSize="small" />, run: onReply };
  const pinAction: MenuAction = {
    label: menu?.message.is_pinned ? 'Unpin' : 'Pin',
    icon: <PushPinOutlinedIcon fontSize="small" />,
    run: onTogglePin,
  };
  const threadAction: MenuAction = { label: 'Reply in thread', icon: <ForumOutlinedIcon fontSize="small" />, run: onOpenThread };
  const reactAction: MenuAction = {
    label: 'React',
    icon: <AddReactionOutlinedIcon fontSize="small" />,
    run: handleOpenReactionPicker,
  };
  // Own: Delete, Reply, Reply in thread, Pin; others: Pin, Reply, Reply in thread (000 §6).
  // Thread replies are never in this list, so every message here can start or open a thread.
  const menuActions = isOwnMenu
    ? [...(mayEdit ? [editAction] : []), ...(mayDelete ? [deleteAction] : []), replyAction, threadAction, pinAction, reactAction]
    : [pinAction, replyAction, threadAction, reactAction];
  // A message deleted while the picker is open can no longer be reacted to: the picker closes.
  const pickerMessage = messages.find((message) => message.id === pickerMessageId && !message.is_deleted);

  return (
    <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }} data-testid="message-list">
      <Virtuoso
        ref={virtuosoRef}
        scrollerRef={handleScrollerRef}
        style={{ height: '100%' }}
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        alignToBottom
        computeItemKey={(_index, message) => message.id}
        startReached={handleStartReached}
        followOutput={(atBottom) => (atBottom ? 'auto' : false)}
        atBottomStateChange={setIsAtBottom}
        atBottomThreshold={AT_BOTTOM_THRESHOLD}
        increaseViewportBy={{ top: 600, bottom: 300 }}
        components={{
          Header: () =>
            isLoadingOlder ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
                <CircularProgress size={22} aria-label="Loading older messages" />
              </Box>
            ) : (
              <Box sx={{ height: 12 }} />
            ),
          Footer: () => <Box sx={{ height: 12 }} />,
        }}
        itemContent={(index, message) => (
          <MessageItem
            message={message}
            previous={messages[index - firstItemIndex - 1]}
            viewerId={viewerId}
            isHighlighted={message.id === highlightedId}
            onOpenActions={handleOpenActions}
            onOpenImage={onOpenImage}
            onJumpTo={handleJumpTo}
            onToggleReaction={toggleReaction}
            onOpenReactionPicker={handleOpenReactionPicker}
            onOpenThread={onOpenThread}
          />
        )}
      />
      {!isAtBottom ? (
        <Fab
          size="small"
          color="primary"
          aria-label="Scroll to bottom"
          onClick={scrollToBottom}
          sx={{ position: 'absolute', right: 20, bottom: 16 }}
        >
          <KeyboardArrowDownIcon />
        </Fab>
      ) : null}
      <ActionMenu
        anchor={menu?.anchor ?? null}
        align={isOwnMenu ? 'right' : 'left'}
        entries={menuActions}
        onPick={({ run }) => runMenuAction(run)}
        onClose={() => setMenu(null)}
      />
      <MessageReactionPicker message={pickerMessage} viewerId={viewerId} onToggle={toggleReaction} onClose={closeReactionPicker} />
    </Box>
  );
}

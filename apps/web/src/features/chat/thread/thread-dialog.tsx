import { canDeleteMessage, canPostIn, HIGHLIGHT_PULSE_MS, isAllowed, type Membership, type Message } from '@ichat/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ActionMenu, type MenuEntry } from '../action-menu';
import { useDeleteMessageMutation } from '../api/mutations';
import { Composer } from '../composer/composer';
import { useQueryErrorReport, useReportError } from '../../../lib/use-report-error';
import { useIsNarrow } from '../lib/use-phone';
import { mayStartEditing, startEditing } from '../message-list/message-editing';
import { MessageItem } from '../message-list/message-item';
import type { LightboxImage } from '../modals/image-lightbox';
import { MessageReactionPicker } from '../reactions/reaction-picker';
import { useToggleReaction } from '../reactions/use-toggle-reaction';
import { useThreadQuery } from './thread-api';
import { ClosableDialogTitle } from '../../../lib/closable-dialog-title';

interface ThreadDialogProps {
  conversationId: number;
  /** The thread's parent message id; null keeps the view closed. */
  parentId: number | null;
  /** A reply to bring into view and pulse (from a notification or a search hit). */
  highlightId: number | null;
  viewerId: number | undefined;
  /** The viewer's membership: replying, editing and deleting follow the chat policy. */
  membership: Membership;
  /** The administrators' edit window in minutes (null: none): Edit is offered only within it. */
  editWindowMinutes: number | null;
  onClose: () => void;
  onOpenImage: (image: LightboxImage) => void;
}

interface ReplyAction extends MenuEntry {
  run: (message: Message) => void;
}

const repliesHeading = (count: number): string => (count === 1 ? '1 reply' : `${count} replies`);

/**
 * The thread view (000 §2 Modals): the parent message (DELETED CHAT once deleted), every
 * reply and a reply input. It refreshes every 45 s while the page is visible (000 §4) and
 * takes new replies live.
 */
export function ThreadDialog({
  conversationId,
  parentId,
  highlightId,
  viewerId,
  membership,
  editWindowMinutes,
  onClose,
  onOpenImage,
}: ThreadDialogProps) {
  const titleId = useId();
  const isNarrow = useIsNarrow();
  const thread = useThreadQuery(conversationId, parentId);
  useQueryErrorReport('FETCH_THREAD_ERROR', thread.error, thread.errorUpdatedAt);
  const report = useReportError();
  const deleteMessage = useDeleteMessageMutation();
  const toggleReaction = useToggleReaction(viewerId);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; message: Message } | null>(null);
  const [pickerMessageId, setPickerMessageId] = useState<number | null>(null);
  const [pulsingId, setPulsingId] = useState<number | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  const detail = thread.data;
  const isOpen = parentId !== null;
  const messages = detail ? [detail.parent, ...detail.replies] : [];
  const pickerMessage = messages.find((message) => message.id === pickerMessageId);
  const liveReplyCount = detail?.replies.filter((reply) => !reply.is_deleted).length ?? 0;

  const scrollToEnd = useCallback(() => {
    window.setTimeout(() => {
      const body = bodyRef.current;
      if (body) body.scrollTop = body.scrollHeight;
    }, 50);
  }, []);

  // Opening at a reply brings it into view and pulses it for 2.5 s; otherwise the newest reply shows.
  const hasData = detail !== undefined;
  useEffect(() => {
    if (!hasData || !isOpen) return;
    if (highlightId === null) {
      scrollToEnd();
      return;
    }
    const timer = window.setTimeout(() => {
      bodyRef.current?.querySelector(`[data-message-id="${highlightId}"]`)?.scrollIntoView({ block: 'center' });
      setPulsingId(highlightId);
    }, 100);
    return () => window.clearTimeout(timer);
  }, [hasData, isOpen, highlightId, scrollToEnd]);
  useEffect(() => {
    if (pulsingId === null) return;
    const timer = window.setTimeout(() => setPulsingId(null), HIGHLIGHT_PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [pulsingId]);

  const handleDelete = (message: Message) =>
    deleteMessage.mutate(
      { conversationId, messageId: message.id, threadParentId: message.reply_to_thread_message_id },
      { onError: (failure) => report('DELETE_MESSAGE_ERROR', failure) },
    );

  // A reply's own menu: Edit (own replies) and Delete, as the chat policy allows each.
  const mayActOn = (reply: Message) => mayStartEditing(viewerId, membership, reply, editWindowMinutes) || isAllowed(canDeleteMessage(viewerId ?? 0, membership, reply));
  const replyActions: ReplyAction[] = menu
    ? [
        ...(mayStartEditing(viewerId, membership, menu.message, editWindowMinutes)
          ? [{ label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, run: (message: Message) => startEditing(message.id) }]
          : []),
        ...(isAllowed(canDeleteMessage(viewerId ?? 0, membership, menu.message))
          ? [{ label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" />, run: handleDelete }]
          : []),
      ]
    : [];

  const openActions = useCallback((anchor: HTMLElement, message: Message) => setMenu({ anchor, message }), []);
  const openPicker = useCallback((message: Message) => setPickerMessageId(message.id), []);
  const noJump = useCallback(() => undefined, []);

  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={isNarrow}
      slotProps={{ paper: { sx: { height: isNarrow ? '100%' : 'min(85vh, 760px)', display: 'flex', flexDirection: 'column' } } }}
    >
      <ClosableDialogTitle id={titleId} onClose={onClose} closeLabel="Close thread">
        Thread
      </ClosableDialogTitle>
      <Divider />
      <Box ref={bodyRef} data-testid="thread-view" sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 1.5, bgcolor: 'background.default' }}>
        {!detail ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            {thread.isError ? null : <CircularProgress size={28} aria-label="Loading thread" />}
          </Box>
        ) : (
          <>
            <Box data-testid="thread-parent">
              <MessageItem
                message={detail.parent}
                previous={undefined}
                viewerId={viewerId}
                isHighlighted={pulsingId === detail.parent.id}
                onOpenImage={onOpenImage}
                onJumpTo={noJump}
                onToggleReaction={toggleReaction}
                onOpenReactionPicker={openPicker}
              />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 3, my: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }} data-testid="thread-reply-count">
                {repliesHeading(liveReplyCount)}
              </Typography>
              <Box sx={{ flex: 1, height: '1px', bgcolor: 'divider' }} />
            </Box>
            <Box role="list" aria-label="Thread replies">
              {detail.replies.map((reply, index) => (
                <Box role="listitem" key={reply.id}>
                  <MessageItem
                    message={reply}
                    previous={index === 0 ? undefined : detail.replies[index - 1]}
                    viewerId={viewerId}
                    isHighlighted={pulsingId === reply.id}
                    onOpenActions={mayActOn(reply) ? openActions : undefined}
                    onOpenImage={onOpenImage}
                    onJumpTo={noJump}
                    onToggleReaction={toggleReaction}
                    onOpenReactionPicker={openPicker}
                  />
                </Box>
              ))}
            </Box>
          </>
        )}
      </Box>
      {parentId !== null ? (
        <Composer
          conversationId={conversationId}
          threadParentId={parentId}
          isPermittedToChat={isAllowed(canPostIn(membership))}
          replyTo={null}
          onCancelReply={noJump}
          onSent={scrollToEnd}
        />
      ) : null}
      <ActionMenu
        anchor={menu?.anchor ?? null}
        align="right"
        entries={replyActions}
        onPick={({ run }) => {
          if (menu) run(menu.message);
          setMenu(null);
        }}
        onClose={() => setMenu(null)}
      />
      <MessageReactionPicker message={pickerMessage} viewerId={viewerId} onToggle={toggleReaction} onClose={() => setPickerMessageId(null)} />
    </Dialog>
  );
}

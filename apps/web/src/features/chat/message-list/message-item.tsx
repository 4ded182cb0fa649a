import {
  FILE_NAME_PREVIEW_LENGTH,
  formatKilobytes,
  TEXT,
  truncate,
  type Message,
  type ReactionType,
} from '@ichat/shared';
import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import PushPinIcon from '@mui/icons-material/PushPin';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { UserAvatar } from '../conversation-avatar';
import { messageAttachmentUrl } from '../../../lib/assets';
import { isImageType } from '../lib/assets';
import { messageTime, separatorBefore } from '../lib/dates';
import { replyPreview, seenByNames } from '../lib/preview';
import type { LightboxImage } from '../modals/image-lightbox';
import { MessageHistoryDialog } from '../modals/message-history-dialog';
import { ReactionChips } from '../reactions/reaction-chips';
import { useIsEditing } from './message-editing';
import { MessageEditor } from './message-editor';
import { MessageText } from './message-text';

const pulse = keyframes`
  0%, 100% { box-shadow: 0 0 0 0 rgba(255, 160, 0, 0); background-color: transparent; }
  25%, 75% { box-shadow: 0 0 0 4px rgba(255, 160, 0, 0.55); background-color: rgba(255, 160, 0, 0.12); }
`;

interface MessageItemProps {
  message: Message;
  previous: Message | undefined;
  viewerId: number | undefined;
  isHighlighted: boolean;
  /** Without it the message offers no actions menu (a thread reply of someone else). */
  onOpenActions?: ((anchor: HTMLElement, message: Message) => void) | undefined;
  onOpenImage: (image: LightboxImage) => void;
  onJumpTo: (messageId: number) => void;
  /** Adds the viewer's reaction of this type to the message, or takes it back. */
  onToggleReaction: (message: Message, type: ReactionType) => void;
  onOpenReactionPicker: (message: Message) => void;
  /** Without it the replies link is not shown (inside the thread view itself). */
  onOpenThread?: ((message: Message) => void) | undefined;
}

const repliesLabel = (count: number): string => (count === 1 ? '1 reply' : `${count} replies`);

/**
 * One message with its day separator, reply preview, text, attachments, reactions, thread
 * replies link, time and seen-by.
 */
export const MessageItem = memo(function MessageItem({
  message,
  previous,
  viewerId,
  isHighlighted,
  onOpenActions,
  onOpenImage,
  onJumpTo,
  onToggleReaction,
  onOpenReactionPicker,
  onOpenThread,
}: MessageItemProps) {
  const isOwn = message.sender_id === viewerId;
  const separator = separatorBefore(message.createdAt, previous?.createdAt);
  const isContinuation =
    !separator && previous !== undefined && previous.sender_id === message.sender_id;
  const seenBy = seenByNames(message.message_reads, viewerId);
  const reply = message.reply_to_message_detail;
  const hasText = !message.is_deleted && message.content.trim() !== '';
  const threadReplyCount = message.thread_replies.length;
  const isEditing = useIsEditing(message.id) && isOwn && !message.is_deleted;
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);

  return (
    <Box sx={{ px: { xs: 1.5, sm: 3 }, pb: 0.75 }}>
      {separator ? (
        <Box role="separator" sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1.5 }}>
          <Box sx={{ flex: 1, height: '1px', bgcolor: 'divider' }} />
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 500 }}>
            {separator}
          </Typography>
          <Box sx={{ flex: 1, height: '1px', bgcolor: 'divider' }} />
        </Box>
      ) : null}
      <Box
        data-testid="message-item"
        data-message-id={message.id}
        data-highlighted={isHighlighted ? 'true' : undefined}
        sx={{
          display: 'flex',
          flexDirection: isOwn ? 'row-reverse' : 'row',
          alignItems: 'flex-start',
          gap: 1,
          mt: isContinuation ? 0 : 1,
          borderRadius: 2,
          '&:hover .message-actions, &:focus-within .message-actions': { opacity: 1 },
          ...(isHighlighted ? { animation: `${pulse} 1.25s ease-in-out 2` } : {}),
        }}
      >
        {!isOwn ? (
          <Box sx={{ width: 32, flexShrink: 0 }}>{isContinuation ? null : <UserAvatar photo={message.user.profile_photo} />}</Box>
        ) : null}
        <Box sx={{ maxWidth: { xs: '82%', md: '68%' }, minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: isOwn ? 'flex-end' : 'flex-start' }}>
          {!isOwn && !isContinuation ? (
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 500, mb: 0.25, ml: 0.5 }}>
              {message.user.display_name}
            </Typography>
          ) : null}
          {isEditing ? <MessageEditor conversationId={message.conversation_id} message={message} /> : null}
          <Box sx={{ display: isEditing ? 'none' : 'flex', flexDirection: isOwn ? 'row-reverse' : 'row', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
            <Box
              sx={{
                minWidth: 0,
                px: 1.5,
                py: 1,
                borderRadius: 2.5,
                bgcolor: message.is_deleted ? 'transparent' : isOwn ? 'primary.main' : 'background.paper',
                color: message.is_deleted ? 'text.secondary' : isOwn ? 'primary.contrastText' : 'text.primary',
                border: message.is_deleted || !isOwn ? 1 : 0,
                borderColor: 'divider',
                borderStyle: message.is_deleted ? 'dashed' : 'solid',
              }}
            >
              {reply ? (
                <ButtonBase
                  onClick={() => onJumpTo(reply.id)}
                  aria-label={`Replied message from ${reply.user.display_name}`}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    mb: 0.75,
                    px: 1,
                    py: 0.5,
                    borderRadius: 1.5,
                    borderLeft: 3,
                    borderColor: isOwn ? 'primary.light' : 'primary.main',
                    bgcolor: isOwn ? 'rgba(255,255,255,0.16)' : 'action.hover',
                    fontSize: 12,
                    textAlign: 'left',
                  }}
                >
                  <ReplyIcon sx={{ fontSize: 14 }} />
                  <span>
                    <strong>{reply.user.display_name}</strong>: {replyPreview(reply)}
                  </span>
                </ButtonBase>
              ) : null}
              {message.is_deleted ? (
                <Typography variant="body2" sx={{ fontStyle: 'italic', fontWeight: 500, letterSpacing: 0.5 }}>
                  {TEXT.deletedChat}
                </Typography>
              ) : null}
              {hasText ? (
                <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <MessageText content={message.content} />
                </Typography>
              ) : null}
              {!message.is_deleted && message.message_attachment.length > 0 ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: hasText ? 1 : 0 }}>
                  {message.message_attachment.map((file) =>
                    isImageType(file.file_type) ? (
                      <ButtonBase
                        key={file.id}
                        onClick={() => onOpenImage(file)}
                        aria-label={`Open image ${file.original_name}`}
                        sx={{ borderRadius: 1.5, overflow: 'hidden' }}
                      >
                        <Box
                          component="img"
                          src={messageAttachmentUrl(file.attachment)}
                          alt={file.original_name}
                          loading="lazy"
                          sx={{ width: 200, height: 150, objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }}
                        />
                      </ButtonBase>
                    ) : (
                      <Chip
                        key={file.id}
                        component="a"
                        href={messageAttachmentUrl(file.attachment)}
                        download={file.original_name}
                        clickable
                        icon={<InsertDriveFileOutlinedIcon />}
                        label={`${truncate(file.original_name, FILE_NAME_PREVIEW_LENGTH)} · ${formatKilobytes(file.size)}`}
                        title={file.original_name}
                        sx={{ bgcolor: 'background.paper', maxWidth: '100%' }}
                      />
                    ),
                  )}
                </Box>
              ) : null}
            </Box>
            {!message.is_deleted ? (
              <Box
                className="message-actions"
                sx={{ display: 'flex', flexDirection: isOwn ? 'row-reverse' : 'row', opacity: { xs: 1, lg: 0 }, transition: 'opacity 120ms' }}
              >
                <IconButton size="small" aria-label="Add reaction" onClick={() => onOpenReactionPicker(message)}>
                  <AddReactionOutlinedIcon fontSize="small" />
                </IconButton>
                {onOpenActions ? (
                  <IconButton
                    size="small"
                    aria-label="Message actions"
                    onClick={(event) => onOpenActions(event.currentTarget, message)}
                  >
                    <MoreHorizIcon fontSize="small" />
                  </IconButton>
                ) : null}
              </Box>
            ) : null}
          </Box>
          {!message.is_deleted ? (
            <ReactionChips
              reactions={message.message_reactions}
              viewerId={viewerId}
              onToggle={(type) => onToggleReaction(message, type)}
              align={isOwn ? 'end' : 'start'}
            />
          ) : null}
          {threadReplyCount > 0 && onOpenThread ? (
            <Link
              component="button"
              type="button"
              variant="caption"
              underline="hover"
              onClick={() => onOpenThread(message)}
              aria-label={`Open thread, ${repliesLabel(threadReplyCount)}`}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5, mx: 0.5, fontWeight: 600 }}
            >
              <ForumOutlinedIcon sx={{ fontSize: 14 }} />
              {repliesLabel(threadReplyCount)}
            </Link>
          ) : null}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.25, mx: 0.5 }}>
            {message.is_pinned ? <PushPinIcon titleAccess="Pinned message" sx={{ fontSize: 12, color: 'secondary.main' }} /> : null}
            <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
              {messageTime(message.createdAt)}
            </Typography>
            {message.is_edited && !message.is_deleted ? (
              <Link
                component="button"
                type="button"
                variant="caption"
                color="text.secondary"
                underline="hover"
                onClick={() => setIsHistoryOpen(true)}
                aria-label={`${TEXT.edited}, show the edit history`}
                data-testid="edited-label"
              >
                · {TEXT.edited}
              </Link>
            ) : null}
            {seenBy.length > 0 ? (
              <Typography variant="caption" color="text.secondary" data-testid="seen-by">
                · Seen by {seenBy.join(', ')}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </Box>
      {message.is_edited ? (
        <MessageHistoryDialog conversationId={message.conversation_id} messageId={message.id} isOpen={isHistoryOpen} onClose={() => setIsHistoryOpen(false)} />
      ) : null}
    </Box>
  );
});

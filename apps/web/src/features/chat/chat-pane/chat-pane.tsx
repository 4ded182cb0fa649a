import { canEditConversation, isAllowed, membershipOf, TEXT, type Message } from '@ichat/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, isUnauthorized } from '../../../lib/api-client';
import { getStoredUser } from '../../../lib/session';
import { TypingIndicator } from '../live/typing-indicator';
import { useConversationLive } from '../live/use-conversation-live';
import { useDeleteMessageMutation, useTogglePinMessageMutation } from '../api/mutations';
import { useConversationQuery } from '../api/queries';
import { Composer } from '../composer/composer';
import { pinnedPreview } from '../lib/preview';
import { storeSelectedConversationId } from '../lib/storage';
import { useReportError } from '../../../lib/use-report-error';
import { MessageList, type JumpRequest } from '../message-list/message-list';
import { ActivityLogDialog } from '../modals/activity-log-dialog';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { EditConversationDialog } from '../modals/edit-conversation-dialog';
import { FilesDialog } from '../modals/files-dialog';
import { ImageLightbox, type LightboxImage } from '../modals/image-lightbox';
import { MembersDialog } from '../modals/members-dialog';
import { NotificationLevelDialog } from '../modals/notification-level-dialog';
import { SearchChatsDialog } from '../modals/search-chats-dialog';
import { ThreadDialog } from '../thread/thread-dialog';
import { conversationJumpPath } from '../lib/conversation-path';
import { ChatHeader, type ChatModal } from './chat-header';
import { PinnedBanner } from './pinned-banner';

/** Query parameters of a jump (000 §2): q message id, _q search text, i index, _t/_tr thread. */
const JUMP_PARAMS = ['q', '_q', 'i', '_t', '_tr'] as const;

/** The right side of the main screen: one open conversation. */
export function ChatPane({ conversationId }: { conversationId: number }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const conversation = useConversationQuery(conversationId);
  const deleteMessage = useDeleteMessageMutation();
  const togglePin = useTogglePinMessageMutation();
  const report = useReportError();
  const viewerId = getStoredUser()?.id;
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  // The open thread view: its parent, and a reply to pulse when opened from a link.
  const [openThread, setOpenThread] = useState<{ parentId: number; highlightId: number | null } | null>(null);
  const [pinCandidate, setPinCandidate] = useState<Message | null>(null);
  const [openModal, setOpenModal] = useState<ChatModal | null>(null);
  const [lightbox, setLightbox] = useState<LightboxImage | null>(null);
  const [scrollToBottomSignal, setScrollToBottomSignal] = useState(0);

  useEffect(() => {
    storeSelectedConversationId(conversationId);
  }, [conversationId]);

  // Lookup failure → /not-found; any other failure → /error (000 §4).
  const { error } = conversation;
  useEffect(() => {
    if (!error || isUnauthorized(error)) return;
    const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);
    if (isMissing) storeSelectedConversationId(null);
    void navigate(isMissing ? '/not-found' : '/error', { replace: true });
  }, [error, navigate]);

  const jumpTarget = Number(searchParams.get('q'));
  const jumpRequest = useMemo<JumpRequest | null>(
    () => (Number.isInteger(jumpTarget) && jumpTarget > 0 ? { messageId: jumpTarget, nonce: jumpTarget } : null),
    [jumpTarget],
  );
  const handleJumpHandled = useCallback(
    () =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const name of JUMP_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  // A link with _t opens that thread; with _tr=true, q is the reply to bring into view (000 §2).
  const threadParam = Number(searchParams.get('_t'));
  const [handledThreadParam, setHandledThreadParam] = useState(0);
  if (threadParam !== handledThreadParam && Number.isInteger(threadParam)) {
    setHandledThreadParam(threadParam);
    if (threadParam > 0) {
      const isReply = searchParams.get('_tr') === 'true' && jumpTarget > 0 && jumpTarget !== threadParam;
      setOpenThread({ parentId: threadParam, highlightId: isReply ? jumpTarget : null });
    }
  }
  const handleOpenThread = useCallback((message: Message) => setOpenThread({ parentId: message.id, highlightId: null }), []);

  const jumpToMessage = (messageId: number) => setSearchParams({ q: String(messageId) }, { replace: true });

  const handleDelete = useCallback(
    (message: Message) =>
      deleteMessage.mutate(
        { conversationId, messageId: message.id, threadParentId: message.reply_to_thread_message_id },
        {
          onSuccess: () => setReplyTo((current) => (current?.id === message.id ? null : current)),
          onError: (failure) => report('DELETE_MESSAGE_ERROR', failure),
        },
      ),
    [conversationId, deleteMessage, report],
  );

  const runTogglePin = useCallback(
    (message: Message) =>
      togglePin.mutate(
        { conversationId, messageId: message.id },
        { onError: (failure) => report('UPDATE_CONVERSATION_ERROR', failure) },
      ),
    [conversationId, report, togglePin],
  );

  // Pinning asks first; unpinning (menu or the banner's X) does not.
  const handleTogglePin = useCallback(
    (message: Message) => {
      if (message.is_pinned) runTogglePin(message);
      else setPinCandidate(message);
    },
    [runTogglePin],
  );

  const handleReply = useCallback((message: Message) => setReplyTo(message), []);
  const handleSent = useCallback(() => setScrollToBottomSignal((count) => count + 1), []);
  const { typingNames } = useConversationLive(conversationId, handleSent);

  const detail = conversation.data;
  if (!detail) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading conversation" />
      </Box>
    );
  }

  return (
    <Box component="section" aria-label={`Conversation ${detail.name}`} sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <ChatHeader
        conversation={detail}
        viewerId={viewerId}
        onBack={() => {
          storeSelectedConversationId(null);
          void navigate('/');
        }}
        onOpenModal={setOpenModal}
      />
      {detail.pinned_message ? (
        <PinnedBanner message={detail.pinned_message} onOpen={jumpToMessage} onUnpin={runTogglePin} />
      ) : null}
      <MessageList
        conversationId={conversationId}
        viewerId={viewerId}
        membership={membershipOf(detail)}
        editWindowMinutes={detail.message_edit_window_minutes}
        jumpRequest={jumpRequest}
        onJumpHandled={handleJumpHandled}
        scrollToBottomSignal={scrollToBottomSignal}
        onReply={handleReply}
        onTogglePin={handleTogglePin}
        onDelete={handleDelete}
        onOpenImage={setLightbox}
        onOpenThread={handleOpenThread}
      />
      <TypingIndicator names={typingNames} />
      <Composer
        conversationId={conversationId}
        isPermittedToChat={detail.permissions.isPermittedToChat}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSent={handleSent}
      />

      <ConfirmDialog
        isOpen={pinCandidate !== null}
        title={TEXT.pinThisMessage}
        confirmLabel="Pin"
        onClose={() => setPinCandidate(null)}
        onConfirm={() => {
          if (pinCandidate) runTogglePin(pinCandidate);
          setPinCandidate(null);
        }}
      >
        {pinCandidate ? (
          <Typography variant="body2" component="span">
            {pinnedPreview(pinCandidate)}
          </Typography>
        ) : null}
      </ConfirmDialog>
      <ThreadDialog
        key={openThread?.parentId ?? 0}
        conversationId={conversationId}
        parentId={openThread?.parentId ?? null}
        highlightId={openThread?.highlightId ?? null}
        viewerId={viewerId}
        membership={membershipOf(detail)}
        editWindowMinutes={detail.message_edit_window_minutes}
        onClose={() => setOpenThread(null)}
        onOpenImage={setLightbox}
      />
      <ImageLightbox image={lightbox} onClose={() => setLightbox(null)} />
      {isAllowed(canEditConversation(membershipOf(detail))) ? (
        <EditConversationDialog
          key={`${detail.name}/${detail.image}`}
          conversation={detail}
          isOpen={openModal === 'settings'}
          onClose={() => setOpenModal(null)}
        />
      ) : null}
      <SearchChatsDialog
        conversationId={conversationId}
        isOpen={openModal === 'search'}
        onClose={() => setOpenModal(null)}
        onPick={(result, keyword) => {
          setOpenModal(null);
          const parentId = result.reply_to_thread_message_id;
          void navigate(
            conversationJumpPath(result.conversation_id, result.id, { query: keyword, thread: { thread_reply: parentId !== null, message_id: parentId } }),
          );
        }}
      />
      <ActivityLogDialog conversationId={conversationId} isOpen={openModal === 'activity'} onClose={() => setOpenModal(null)} />
      <FilesDialog conversationId={conversationId} isOpen={openModal === 'files'} onClose={() => setOpenModal(null)} />
      <NotificationLevelDialog conversation={detail} isOpen={openModal === 'notifications'} onClose={() => setOpenModal(null)} />
      <MembersDialog
        conversation={detail}
        viewerId={viewerId}
        isOpen={openModal === 'members'}
        onClose={() => setOpenModal(null)}
      />
    </Box>
  );
}

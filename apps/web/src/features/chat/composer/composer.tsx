import {
  ATTACHMENT_LIMIT_BYTES,
  ATTACHMENT_LIMIT_MB,
  FILE_NAME_PREVIEW_LENGTH,
  fileTooLargeText,
  formatKilobytes,
  MESSAGE_MAX_LENGTH,
  TEXT,
  truncate,
  type Message,
} from '@ichat/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useForkRef } from '@mui/material/utils';
import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { isInputRefusal } from '../../../lib/api-client';
import { lengthCounter, lengthProblem } from '../../../lib/text-limit';
import { getStoredUser } from '../../../lib/session';
import { useSendMessageMutation } from '../api/mutations';
import { useConversationQuery } from '../api/queries';
import { useTypingNotifier } from '../live/use-typing-notifier';
import { isImageType, newClientMessageId } from '../lib/assets';
import { shrinkImage } from '../lib/image-fit';
import { replyPreview } from '../lib/preview';
import { useReportError } from '../../../lib/use-report-error';
import { useIsPhoneLike } from '../lib/use-phone';
import { mentionCandidates } from './mention-options';
import { MentionPicker } from './mention-picker';
import { useMentionPicker } from './use-mention-picker';
import { useThreadReplyMutation } from '../thread/thread-api';

/** The server takes at most 10 files per message. */
const MAX_FILES = 10;

interface ComposerProps {
  conversationId: number;
  /** Set in the thread view: the input replies in this message's thread, and text is required. */
  threadParentId?: number | undefined;
  isPermittedToChat: boolean;
  replyTo: Message | null;
  onCancelReply: () => void;
  onSent: () => void;
}

interface ChosenFile {
  key: number;
  file: File;
}

/**
 * The message input (000 §2, §4, §5): reply bar, mention picker, attachment previews, file and
 * send buttons. Enter sends and Shift+Enter adds a line, except on phones; one send at a time.
 * In the thread view it sends thread replies, which need text even with files.
 */
export function Composer({ conversationId, threadParentId, isPermittedToChat, replyTo, onCancelReply, onSent }: ComposerProps) {
  const send = useSendMessageMutation();
  const sendReply = useThreadReplyMutation();
  const isThread = threadParentId !== undefined;
  const report = useReportError();
  // What is wrong with the draft (empty, too long, a file over the limit), said under the
  // input rather than in the EREF dialog: the person can fix it (issue 17).
  const [note, setNote] = useState<string | null>(null);
  const noteId = useId();
  const isPhoneLike = useIsPhoneLike();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [isPreparing, setIsPreparing] = useState(false);
  const nextKey = useRef(0);
  const isSendingRef = useRef(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  // One id per draft: a retry of the same draft (after a timeout) reuses it; any edit starts a new one.
  const draftIdRef = useRef<string | null>(null);
  const notifyTyping = useTypingNotifier(conversationId);
  const isSending = isPreparing || send.isPending || sendReply.isPending;
  const isDisabled = !isPermittedToChat;

  // The members come from the cached conversation the pane already loaded.
  const conversation = useConversationQuery(conversationId);
  const viewerId = getStoredUser()?.id;
  const members = conversation.data?.members;
  const mentionMembers = useMemo(() => mentionCandidates(members ?? [], viewerId), [members, viewerId]);
  const updateText = useCallback((next: string) => {
    draftIdRef.current = null;
    setText(next);
    setNote(null);
  }, []);
  const tooLong = lengthProblem(text, MESSAGE_MAX_LENGTH);
  const counter = lengthCounter(text, MESSAGE_MAX_LENGTH);
  const shownNote = tooLong ?? note;
  const mentionPicker = useMentionPicker({
    members: mentionMembers,
    includeAll: conversation.data?.is_group ?? false,
    onTextChange: updateText,
  });
  const handleInputRef = useForkRef(inputRef, mentionPicker.inputRef);

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const accepted: ChosenFile[] = [];
    const refused: string[] = [];
    for (const file of chosen) {
      // Each file over the limit is left out with its own sentence (000 §5), said under the input.
      if (file.size > ATTACHMENT_LIMIT_BYTES) {
        refused.push(fileTooLargeText(file.name, ATTACHMENT_LIMIT_MB));
        continue;
      }
      accepted.push({ key: nextKey.current++, file });
    }
    setNote(refused.length > 0 ? refused.join(' ') : null);
    draftIdRef.current = null;
    setFiles((current) => [...current, ...accepted].slice(0, MAX_FILES));
  };

  const handleSend = async () => {
    if (isSendingRef.current || isDisabled) return;
    // A main-chat message may be files alone; a thread reply needs text (000 §5).
    if (text.trim() === '' && (files.length === 0 || isThread)) {
      setNote(TEXT.emptyMessage);
      inputRef.current?.focus();
      return;
    }
    if (tooLong !== undefined) {
      inputRef.current?.focus();
      return;
    }
    isSendingRef.current = true;
    setIsPreparing(true);
    draftIdRef.current ??= newClientMessageId();
    const clientMessageId = draftIdRef.current;
    const draft = { text, files };
    // Only the mentions still written in the text go (000 §5).
    const mentionData = mentionPicker.mentionsFor(text);
    // The input empties at once, so the next message can be typed while this one is on its
    // way; cleared only after the answer, it raced with the typing and glued the two
    // messages together. A failed send puts the draft back, unless something new was typed.
    setText('');
    setFiles([]);
    try {
      const prepared = await Promise.all(draft.files.map(({ file }) => shrinkImage(file)));
      setIsPreparing(false);
      if (isThread) {
        await sendReply.mutateAsync({ conversationId, parentId: threadParentId, text: draft.text, files: prepared, mentionData, clientMessageId });
      } else {
        await send.mutateAsync({ conversationId, text: draft.text, replyToMessageId: replyTo?.id ?? null, files: prepared, mentionData, clientMessageId });
      }
      if (draftIdRef.current === clientMessageId) draftIdRef.current = null;
      mentionPicker.reset();
      onCancelReply();
      onSent();
      inputRef.current?.focus();
    } catch (error) {
      // The same draft, with the same client id: sent again, it is never stored twice.
      setText((current) => (current === '' ? draft.text : current));
      setFiles((current) => (current.length === 0 ? draft.files : current));
      if (isInputRefusal(error)) setNote(error.message);
      else report('SEND_MESSAGE_ERROR', error);
    } finally {
      isSendingRef.current = false;
      setIsPreparing(false);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    // While the picker is open, Enter and Tab pick a person and never send.
    if (mentionPicker.handleKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || isPhoneLike) return;
    event.preventDefault();
    void handleSend();
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 1, sm: 2 }, py: 1 }}>
      {replyTo ? (
        <Box
          data-testid="reply-bar"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, px: 1.5, py: 0.75, borderLeft: 3, borderColor: 'primary.main', bgcolor: 'action.hover', borderRadius: 1 }}
        >
          <ReplyIcon fontSize="small" color="primary" />
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
            Replying to <strong>{replyTo.user.display_name}</strong>: {replyPreview(replyTo)}
          </Typography>
          <IconButton size="small" aria-label="Cancel reply" onClick={onCancelReply}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
      {files.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} aria-label="Attachments to send" role="list">
          {files.map(({ key, file }) => (
            <Box
              key={key}
              role="listitem"
              title={file.name}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, pl: 1, pr: 0.25, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 4, maxWidth: 260 }}
            >
              {isImageType(file.type) ? <ImageOutlinedIcon fontSize="small" color="action" /> : <InsertDriveFileOutlinedIcon fontSize="small" color="action" />}
              <Typography variant="body2" noWrap>
                {truncate(file.name, FILE_NAME_PREVIEW_LENGTH)}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {formatKilobytes(file.size)}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  draftIdRef.current = null;
                  setFiles((current) => current.filter((chosen) => chosen.key !== key));
                }}
                disabled={isSending}
              >
                <CloseIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        {/* The span lets the tooltip show while the button is disabled; describeChild keeps
            the tooltip's aria-label off that span, where ARIA allows none. */}
        <Tooltip title="Attach files" describeChild>
          <span>
            {/* A real button that opens the hidden file input: ARIA allows no role="button"
                on a label, and that label opened the file chooser on Space but not on Enter. */}
            <IconButton
              aria-label="Attach files"
              onClick={() => fileInputRef.current?.click()}
              disabled={isDisabled || isSending || files.length >= MAX_FILES}
            >
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <input
          ref={fileInputRef}
          type="file"
          hidden
          multiple
          tabIndex={-1}
          onChange={handleFiles}
          disabled={isDisabled}
          data-testid="attach-input"
        />
        <InputBase
          inputRef={handleInputRef}
          multiline
          maxRows={6}
          fullWidth
          value={text}
          onChange={(event) => {
            updateText(event.target.value);
            mentionPicker.handleChange(event);
            if (event.target.value.trim() !== '') notifyTyping();
          }}
          onSelect={mentionPicker.handleSelect}
          onBlur={mentionPicker.handleBlur}
          onKeyDown={handleKeyDown}
          disabled={isDisabled}
          placeholder={isDisabled ? TEXT.restrictedFromChatting : isThread ? 'Reply in thread…' : 'Type a message…'}
          inputProps={{
            ...mentionPicker.inputAria,
            'aria-label': isThread ? 'Thread reply' : 'Message',
            'aria-invalid': shownNote !== null ? true : undefined,
            'aria-describedby': shownNote !== null || counter !== null ? noteId : undefined,
          }}
          sx={{
            flex: 1,
            px: 1.75,
            py: 1,
            borderRadius: 5,
            bgcolor: isDisabled ? 'action.disabledBackground' : 'background.default',
            border: 1,
            borderColor: shownNote !== null ? 'error.main' : 'divider',
            fontSize: 15,
          }}
        />
        <IconButton
          color="primary"
          aria-label={isThread ? 'Send reply' : 'Send message'}
          onClick={() => void handleSend()}
          disabled={isDisabled || isSending}
          aria-busy={isSending}
        >
          {isSending ? <CircularProgress size={22} aria-label="Sending" /> : <SendIcon />}
        </IconButton>
      </Box>
      {shownNote !== null || counter !== null ? (
        <Box id={noteId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, px: { xs: 6, sm: 6.5 }, pt: 0.5 }}>
          <Typography variant="caption" color="error" role="alert">
            {shownNote}
          </Typography>
          {counter !== null ? (
            <Typography variant="caption" color={tooLong ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {counter}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <MentionPicker picker={mentionPicker} />
    </Box>
  );
}

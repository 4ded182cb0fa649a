import { MENTION_ALL, mentionsInText, MESSAGE_MAX_LENGTH, TEXT, type Message } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { useForkRef } from '@mui/material/utils';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getStoredUser } from '../../../lib/session';
import { lengthCounter, lengthProblem } from '../../../lib/text-limit';
import { useReportError } from '../../../lib/use-report-error';
import { useEditMessageMutation } from '../api/mutations';
import { useConversationQuery } from '../api/queries';
import { mentionCandidates } from '../composer/mention-options';
import { MentionPicker } from '../composer/mention-picker';
import { useMentionPicker } from '../composer/use-mention-picker';
import { stopEditing } from './message-editing';

interface MessageEditorProps {
  conversationId: number;
  message: Message;
}

/**
 * The own message's text in an input (issue 19): Enter saves, Shift+Enter adds a line, Esc
 * cancels; blank and too long are refused as the composer refuses them, under the input. The
 * mention picker works as in the composer; mentions already written keep their people.
 */
export function MessageEditor({ conversationId, message }: MessageEditorProps) {
  const edit = useEditMessageMutation();
  const report = useReportError();
  const [text, setText] = useState(message.content);
  const [note, setNote] = useState<string | null>(null);
  const noteId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const conversation = useConversationQuery(conversationId);
  const members = conversation.data?.members;
  const mentionMembers = useMemo(() => mentionCandidates(members ?? [], getStoredUser()?.id), [members]);
  const picker = useMentionPicker({
    members: mentionMembers,
    includeAll: conversation.data?.is_group ?? false,
    onTextChange: (next) => {
      setText(next);
      setNote(null);
    },
  });
  const handleInputRef = useForkRef(inputRef, picker.inputRef);
  const tooLong = lengthProblem(text, MESSAGE_MAX_LENGTH);
  const counter = lengthCounter(text, MESSAGE_MAX_LENGTH);
  const shownNote = tooLong ?? note;

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const handleSave = async () => {
    if (edit.isPending) return;
    if (text.trim() === '') {
      setNote(TEXT.emptyMessage);
      return;
    }
    if (tooLong !== undefined) return;
    if (text === message.content) {
      stopEditing();
      return;
    }
    // Mentions picked now and those the text already named (members, or All in a group).
    const known = [...picker.mentionsFor(text), ...mentionMembers, ...(conversation.data?.is_group ? [MENTION_ALL] : [])];
    try {
      await edit.mutateAsync({ conversationId, messageId: message.id, text, mentionData: mentionsInText(text, known) });
      stopEditing();
    } catch (error) {
      // Blank, too long, past the administrators' window, edited meanwhile: said at the input.
      if (error instanceof ApiError && [400, 403, 409].includes(error.status)) setNote(error.message);
      else report('SEND_MESSAGE_ERROR', error);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (picker.handleKeyDown(event)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void handleSave();
  };

  return (
    <Box sx={{ width: { xs: '100%', sm: 420 }, maxWidth: '100%', position: 'relative' }} data-testid="message-editor">
      <InputBase
        multiline
        maxRows={8}
        fullWidth
        value={text}
        inputRef={handleInputRef}
        onChange={(event) => {
          setText(event.target.value);
          setNote(null);
          picker.handleChange(event);
        }}
        onSelect={picker.handleSelect}
        onBlur={picker.handleBlur}
        onKeyDown={handleKeyDown}
        inputProps={{
          ...picker.inputAria,
          'aria-label': 'Edit message',
          'aria-invalid': shownNote ? true : undefined,
          'aria-describedby': shownNote ? noteId : undefined,
        }}
        sx={{ px: 1.5, py: 1, borderRadius: 2, border: 2, borderColor: shownNote ? 'error.main' : 'primary.main', bgcolor: 'background.paper', fontSize: 14 }}
      />
      <MentionPicker picker={picker} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="caption" color={shownNote ? 'error' : 'text.secondary'} id={noteId} role={shownNote ? 'alert' : undefined} sx={{ flex: 1, minWidth: 120 }}>
          {shownNote ?? counter ?? TEXT.editHint}
        </Typography>
        <Button size="small" onClick={stopEditing}>
          {TEXT.editCancel}
        </Button>
        <Button size="small" variant="contained" disabled={edit.isPending} onClick={() => void handleSave()}>
          {TEXT.editSave}
        </Button>
      </Box>
    </Box>
  );
}

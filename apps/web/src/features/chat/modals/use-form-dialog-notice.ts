import { useState } from 'react';
import { useNavigate } from 'react-router';
import { storeSelectedConversationId } from '../lib/storage';

interface Done {
  message: string;
  /** The conversation to open once the notice is acknowledged; null to stay where the person is. */
  conversationId: number | null;
}

/**
 * The success path shared by the chat's form dialogs: the form closes, the server's message is
 * shown, and only when the person presses OK does the resulting conversation open (000 §7, §8),
 * so the notice is read before the screen changes under it.
 */
export function useFormDialogNotice(onClose: () => void) {
  const navigate = useNavigate();
  const [done, setDone] = useState<Done | null>(null);

  const finish = (message: string, conversationId: number | null = null) => {
    onClose();
    setDone({ message, conversationId });
  };

  const handleNoticeClosed = () => {
    if (!done) return;
    setDone(null);
    if (done.conversationId === null) return;
    storeSelectedConversationId(done.conversationId);
    void navigate(`/conversations/${done.conversationId}`);
  };

  return { notice: done?.message ?? null, finish, handleNoticeClosed };
}

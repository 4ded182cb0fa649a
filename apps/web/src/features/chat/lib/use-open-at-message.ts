import type { ErefKey } from '@ichat/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useReportError } from '../../../lib/use-report-error';
import { fetchMessagePosition } from '../api/queries';
import { conversationJumpPath } from './conversation-path';

interface OpenAt {
  /** The caller's id for what was clicked (a notification, a search hit), busy until the lookup ends. */
  openingId: number;
  conversationId: number;
  messageId: number;
  /** Runs once the position is known, right before the conversation opens. */
  beforeOpen?: () => void;
}

/**
 * Opens a conversation at one message, as a notification or a search hit does (000 §2): the
 * message's position is looked up first, so the address carries the search text and, for a
 * thread reply, its thread. A failed lookup is reported with `errorKey` and nothing opens.
 */
export function useOpenAtMessage(errorKey: ErefKey) {
  const navigate = useNavigate();
  const report = useReportError();
  const [openingId, setOpeningId] = useState<number | null>(null);

  const openAtMessage = async ({ openingId: clickedId, conversationId, messageId, beforeOpen }: OpenAt) => {
    setOpeningId(clickedId);
    try {
      const { response } = await fetchMessagePosition(conversationId, messageId);
      beforeOpen?.();
      void navigate(conversationJumpPath(conversationId, messageId, response));
    } catch (error) {
      report(errorKey, error);
    } finally {
      setOpeningId(null);
    }
  };

  return { openingId, openAtMessage };
}

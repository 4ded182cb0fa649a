import { useState } from 'react';

/**
 * The group name of the create and settings forms: required, sent trimmed, and flagged as
 * missing only once a submit was tried.
 */
export function useConversationName(initialName = '') {
  const [name, setName] = useState(initialName);
  const [isNameMissing, setIsNameMissing] = useState(false);

  /** The trimmed name to submit, or null (and the field flagged) when it is blank. */
  const takeName = (): string | null => {
    const trimmed = name.trim();
    setIsNameMissing(trimmed === '');
    return trimmed || null;
  };

  return { name, setName, isNameMissing, takeName };
}

import { useCallback, useState } from 'react';

/** Closing a composer with unsaved work asks 'Discard Post' first (spec 2 §2); without any it just leaves. */
export function useDiscardGuard(leave: () => void) {
  const [isDirty, setIsDirty] = useState(false);
  const [isAsking, setIsAsking] = useState(false);
  const requestClose = useCallback(() => (isDirty ? setIsAsking(true) : leave()), [isDirty, leave]);
  const keepEditing = useCallback(() => setIsAsking(false), []);
  return { setIsDirty, requestClose, isAsking, keepEditing };
}

import { MOBILE_BREAKPOINT_PX } from '@ichat/shared';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Below the breakpoint the sidebar and the chat pane alternate (000 §2). */
export const useIsNarrow = (): boolean => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);

/** On phones (narrow or a coarse pointer) Enter adds a newline instead of sending (000 §5). */
export const useIsPhoneLike = (): boolean => {
  const isNarrow = useIsNarrow();
  const isCoarse = useMediaQuery('(pointer: coarse)');
  return isNarrow || isCoarse;
};

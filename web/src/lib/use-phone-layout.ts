import { BREAKPOINTS } from '@campus/shared/layout';
import { useMediaQuery } from './use-media-query.ts';

/** The phone layout of the shell (bottom bar, no sidebar): 769px wide or less, as in styles/shell.css. */
export function useIsPhoneLayout(): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
}

import { useLocation } from 'react-router';
import { useReleaseFirstScreenOnLeave } from '../../lib/first-screen.ts';

/** Removes the server's written screen when the app leaves the page it was written for (decision 049); renders nothing. */
export function FirstScreenLeave() {
  useReleaseFirstScreenOnLeave(useLocation().pathname);
  return null;
}

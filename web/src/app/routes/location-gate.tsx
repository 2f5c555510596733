import { useLocation } from 'react-router';
import { useLocationGate } from '../../features/auth/use-location-gate.ts';

/** Runs the page-load location check on the pages spec 1 §2 names (decision 028); renders nothing. */
export function LocationGate() {
  useLocationGate(useLocation().pathname);
  return null;
}

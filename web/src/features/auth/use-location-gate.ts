import { LOCATION_GATED_PATHS } from '@campus/shared/location-api';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isLocationAllowed } from './location-check.ts';

/**
 * Sends a visitor the location gate refuses to /404 ('Error 404', spec 1 §5):
 * at once on the gated pages (`pathname`), before anything is typed; and when
 * the returned function runs (the login panel opening, spec 1 §5). Decision 028.
 */
export function useLocationGate(pathname?: string): () => void {
  const navigate = useNavigate();
  const check = useCallback(() => {
    void isLocationAllowed().then((isAllowed) => {
      if (!isAllowed) navigate('/404', { replace: true });
    });
  }, [navigate]);
  // On every arrival at a gated page (the answer is cached): a redirect chain such as
  // /messages → / → /home must not slip past a check that was asked on the way.
  useEffect(() => {
    if (pathname !== undefined && LOCATION_GATED_PATHS.has(pathname)) check();
  }, [pathname, check]);
  return check;
}

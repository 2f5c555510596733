import { useLocation, useNavigate } from 'react-router';

/** Marks a navigation made by the search page itself (a new query, a tab, a filter, a popular search). */
export const FROM_SEARCH = { isFromSearch: true } as const;

/** spec 2 §2: Back goes to /home unless the page before was the search page itself. */
export function useSearchBack(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const isFromSearch = (location.state as { isFromSearch?: boolean } | null)?.isFromSearch === true;
  return () => (isFromSearch ? navigate(-1) : navigate('/home'));
}

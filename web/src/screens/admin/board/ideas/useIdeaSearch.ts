import { useEffect, useRef, useState, useTransition } from 'react';

/** Typing pauses this long before a list is searched again. */
const SEARCH_DELAY_MS = 250;

/**
 * A search box over a refetchable list of a board's ideas (a fragment with a `search`
 * argument): the text, a setter, whether a search is under way, and a reset for when the
 * dialog closes. The list the dialog opened with is the one for no text.
 */
export function useIdeaSearch(
  refetch: (
    variables: { search: string | null },
    options: { fetchPolicy: 'store-or-network' },
  ) => unknown,
): {
  search: string;
  setSearch: (text: string) => void;
  isSearching: boolean;
  reset: () => void;
} {
  const [search, setSearch] = useState('');
  const [isSearching, startSearch] = useTransition();
  const searched = useRef('');
  useEffect(() => {
    const text = search.trim();
    if (text === searched.current) return;
    const timer = setTimeout(() => {
      searched.current = text;
      startSearch(() => {
        refetch({ search: text || null }, { fetchPolicy: 'store-or-network' });
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, refetch]);
  return { search, setSearch, isSearching, reset: () => setSearch('') };
}

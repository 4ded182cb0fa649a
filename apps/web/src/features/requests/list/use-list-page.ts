import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parsePositiveId } from '../lib/requests-lib';

/** The pause after typing before the search goes to the server (Enter sends it at once). */
export const LIST_SEARCH_PAUSE_MS = 400;

/**
 * The page and the search of a request list, kept in the address (`page`, `q`), so the
 * detail's Go Back returns to the same page and search. The typed text goes to the server
 * after a pause, or at once on Enter; a new search starts again at page 1.
 */
export const useListPage = () => {
  const [params, setParams] = useSearchParams();
  const page = parsePositiveId(params.get('page')) ?? 1;
  const search = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');

  const show = (next: { page: number; search?: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.page > 1) updated.set('page', String(next.page));
        else updated.delete('page');
        if (next.search !== undefined) {
          if (next.search) updated.set('q', next.search);
          else updated.delete('q');
        }
        return updated;
      },
      { replace: true },
    );

  const typed = text.trim();
  useEffect(() => {
    if (typed === search) return undefined;
    const timer = window.setTimeout(
      () =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            updated.delete('page');
            if (typed) updated.set('q', typed);
            else updated.delete('q');
            return updated;
          },
          { replace: true },
        ),
      LIST_SEARCH_PAUSE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [typed, search, setParams]);

  return {
    page,
    /** The search the list shows ('' for none): the text once it has gone to the server. */
    search,
    /** What is in the search box. */
    text,
    setText,
    searchNow: () => show({ page: 1, search: typed }),
    showPage: (next: number) => show({ page: next }),
  };
};

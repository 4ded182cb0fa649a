/**
 * Global search (000 §5, §7): POST /api/v1/messages/global/search/ {keyword}. The server
 * answers hits from the caller's conversations only, best first.
 */
import { routes, type SearchResult } from '@ichat/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api-client';
import { useReportError } from '../../../lib/use-report-error';
import { globalSearchKeyword } from './search-lib';

/** A mutation rather than a query: a search runs when asked (Enter), never again by itself. */
export const useGlobalSearchMutation = () =>
  useMutation({
    mutationFn: (keyword: string) =>
      callApi(routes.chat.searchEverywhere, { body: { keyword } }),
  });

export interface GlobalSearch {
  /** Searches for the box's value; a blank value does nothing (000 §5). */
  run: (value: string) => void;
  /** Forgets the results (the back arrow). */
  clear: () => void;
  /** Whether the results replace the conversation list: while searching and after a success. */
  isShowing: boolean;
  isSearching: boolean;
  /** The keyword of the latest search. */
  keyword: string;
  results: SearchResult[];
}

/**
 * The sidebar's search state. Only the latest search counts: an earlier one answering late
 * is ignored by the mutation observer. A failure reports EREF 00021 and the list comes back.
 */
export const useGlobalSearch = (): GlobalSearch => {
  const search = useGlobalSearchMutation();
  const report = useReportError();
  const { mutate, reset } = search;

  const run = useCallback(
    (value: string) => {
      const keyword = globalSearchKeyword(value);
      if (keyword === null) return;
      mutate(keyword, { onError: (error) => report('GLOBAL_SEARCH_RESULT_ERROR', error) });
    },
    [mutate, report],
  );

  return {
    run,
    clear: reset,
    isShowing: search.isPending || search.isSuccess,
    isSearching: search.isPending,
    keyword: search.variables ?? '',
    results: search.data?.result ?? [],
  };
};

import { REQUEST_LOADER_MS } from '@ichat/shared';
import LinearProgress from '@mui/material/LinearProgress';
import { CenteredSpinner, RequestListSearch } from '../requests-ui';
import { useMinimumDelay } from '../use-timed-flag';
import { RequestPager } from './request-pager';
import { RequestRows, type EmployeeColumn, type RequestListItem } from './request-rows';
import type { useListPage } from './use-list-page';

interface RequestListPageProps {
  /** The page and search, kept in the address. */
  list: ReturnType<typeof useListPage>;
  /** The list's query: one page of rows and the total the search matches. */
  requests: {
    data?: { requests: readonly RequestListItem[]; total: number } | undefined;
    isError: boolean;
    /** The rows are the previous page or search while the asked one is on its way. */
    isPlaceholderData: boolean;
  };
  searchPlaceholder: string;
  loadingLabel: string;
  employee?: EmployeeColumn;
  /** Said when nothing is searched and the list is empty. */
  emptyText: string;
}

/**
 * A request list (001 §2): its search box, the loader for at least REQUEST_LOADER_MS, then one
 * page: a bar while the next page or search loads, the rows, the pages. The server searches.
 */
export function RequestListPage({ list, requests, searchPlaceholder, loadingLabel, employee, emptyText }: RequestListPageProps) {
  const isWaiting = useMinimumDelay(REQUEST_LOADER_MS);
  const shown = requests.data;
  return (
    <>
      <RequestListSearch value={list.text} onChange={list.setText} onEnter={list.searchNow} placeholder={searchPlaceholder} />
      {isWaiting || shown === undefined ? (
        requests.isError ? null : <CenteredSpinner label={loadingLabel} />
      ) : (
        <>
          {requests.isPlaceholderData ? <LinearProgress aria-label="Searching" sx={{ mb: 1 }} /> : null}
          <RequestRows requests={shown.requests} employee={employee} emptyText={list.search ? 'No requests match your search.' : emptyText} />
          <RequestPager page={list.page} total={shown.total} onChange={list.showPage} />
        </>
      )}
    </>
  );
}

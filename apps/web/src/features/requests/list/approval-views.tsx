import { REQUEST_LOADER_MS } from '@ichat/shared';
import Box from '@mui/material/Box';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useApprovalListQuery, useRequestHistoryQuery } from '../api/queries';
import { CenteredSpinner, RequestListSearch, ViewTitle } from '../requests-ui';
import { useMinimumDelay } from '../use-timed-flag';
import { RequestListPage } from './request-list-page';
import { useListPage } from './use-list-page';

/**
 * My Pending Approvals (001 §2): requests awaiting the caller's vote, searched on reference
 * id, type, date and the requester's names; the server searches every one, a page at a time.
 */
export function ApprovalListView() {
  const list = useListPage();
  const requests = useApprovalListQuery({ page: list.page, search: list.search }, true);
  useQueryErrorReport('GETTING_APPROVAL_LIST_ERROR', requests.error, requests.errorUpdatedAt);
  const isWaiting = useMinimumDelay(REQUEST_LOADER_MS);

  return (
    <Box>
      <ViewTitle>My Pending Approvals</ViewTitle>
      <RequestListSearch value={list.text} onChange={list.setText} onEnter={list.searchNow} placeholder="Reference ID, type, date or name" />
      {isWaiting || requests.data === undefined ? (
        requests.isError ? null : <CenteredSpinner label="Loading approvals" />
      ) : (
        <RequestListPage
          shown={requests.data}
          isSearching={requests.isPlaceholderData}
          page={list.page}
          onPage={list.showPage}
          employee="requester"
          emptyText={list.search ? 'No requests match your search.' : 'Nothing is waiting for your approval.'}
        />
      )}
    </Box>
  );
}

/** Requests History (001 §2): the server searches; the text goes out on Enter or after a pause. */
export function ApprovalHistoryView() {
  const list = useListPage();
  const requests = useRequestHistoryQuery({ page: list.page, search: list.search }, true);
  useQueryErrorReport('GETTING_APPROVAL_LIST_ERROR', requests.error, requests.errorUpdatedAt);
  const isWaiting = useMinimumDelay(REQUEST_LOADER_MS);

  return (
    <Box>
      <ViewTitle>Requests History</ViewTitle>
      <RequestListSearch value={list.text} onChange={list.setText} onEnter={list.searchNow} placeholder="Reference ID, type, name…" />
      {isWaiting || requests.data === undefined ? (
        requests.isError ? null : <CenteredSpinner label="Loading requests history" />
      ) : (
        <RequestListPage
          shown={requests.data}
          isSearching={requests.isPlaceholderData}
          page={list.page}
          onPage={list.showPage}
          employee="display-name"
          emptyText={list.search ? 'No requests match your search.' : 'No requests yet.'}
        />
      )}
    </Box>
  );
}

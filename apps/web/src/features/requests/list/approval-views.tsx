import { REQUEST_LOADER_MS } from '@ichat/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useMemo, useState } from 'react';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useApprovalListQuery, useRequestHistoryQuery } from '../api/queries';
import { filterRequests } from '../lib/requests-lib';
import { CenteredSpinner, RequestListSearch, ViewTitle } from '../requests-ui';
import { useMinimumDelay } from '../use-timed-flag';
import { RequestRows } from './request-rows';

const HISTORY_SEARCH_PAUSE_MS = 400;

/** My Pending Approvals (001 §2): requests awaiting the caller's vote, searched on the client. */
export function ApprovalListView() {
  const requests = useApprovalListQuery(true);
  useQueryErrorReport('GETTING_APPROVAL_LIST_ERROR', requests.error, requests.errorUpdatedAt);
  const isWaiting = useMinimumDelay(REQUEST_LOADER_MS);
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => filterRequests(requests.data ?? [], search, { withNames: true }),
    [requests.data, search],
  );

  return (
    <Box>
      <ViewTitle>My Pending Approvals</ViewTitle>
      <RequestListSearch value={search} onChange={setSearch} placeholder="Reference ID, type, date or name" />
      {isWaiting || requests.isPending ? (
        requests.isError ? null : <CenteredSpinner label="Loading approvals" />
      ) : (
        <RequestRows
          requests={rows}
          employee="requester"
          emptyText={search.trim() ? 'No requests match your search.' : 'Nothing is waiting for your approval.'}
        />
      )}
    </Box>
  );
}

/** Requests History (001 §2): the server searches; the text goes out on Enter or after a pause. */
export function ApprovalHistoryView() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), HISTORY_SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const requests = useRequestHistoryQuery(query, true);
  useQueryErrorReport('GETTING_APPROVAL_LIST_ERROR', requests.error, requests.errorUpdatedAt);
  const isWaiting = useMinimumDelay(REQUEST_LOADER_MS);
  const shown = requests.data;

  return (
    <Box>
      <ViewTitle>Requests History</ViewTitle>
      <RequestListSearch
        value={search}
        onChange={setSearch}
        onEnter={() => setQuery(search.trim())}
        placeholder="Reference ID, type, name…"
      />
      {isWaiting || shown === undefined ? (
        requests.isError ? null : <CenteredSpinner label="Loading requests history" />
      ) : (
        <>
          {requests.isFetching ? <LinearProgress aria-label="Searching" sx={{ mb: 1 }} /> : null}
          <RequestRows
            requests={shown}
            employee="display-name"
            emptyText={query ? 'No requests match your search.' : 'No requests yet.'}
          />
        </>
      )}
    </Box>
  );
}

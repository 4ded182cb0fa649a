import { REQUEST_LOADER_MS } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useMyRequestsQuery } from '../api/queries';
import { filterRequests } from '../lib/requests-lib';
import { CenteredSpinner, RequestListSearch, ViewTitle } from '../requests-ui';
import { useMinimumDelay } from '../use-timed-flag';
import { RequestRows } from './request-rows';
import { SelectFormDialog } from './select-form-dialog';

/** My Requests (001 §2): client-side search, a 1-second loader, '+ Add New Request'. */
export function MyRequestsView() {
  const requests = useMyRequestsQuery();
  useQueryErrorReport('GETTING_MY_REQUESTS_ERROR', requests.error, requests.errorUpdatedAt);
  const isWaiting = useMinimumDelay(REQUEST_LOADER_MS);
  const [search, setSearch] = useState('');
  const [isSelectOpen, setIsSelectOpen] = useState(false);
  const rows = useMemo(() => filterRequests(requests.data ?? [], search), [requests.data, search]);

  return (
    <Box>
      <ViewTitle
        action={
          <Button variant="contained" onClick={() => setIsSelectOpen(true)}>
            + Add New Request
          </Button>
        }
      >
        My Requests
      </ViewTitle>
      <RequestListSearch value={search} onChange={setSearch} placeholder="Reference ID, type or date" />
      {isWaiting || requests.isPending ? (
        requests.isError ? null : <CenteredSpinner label="Loading requests" />
      ) : (
        <RequestRows requests={rows} emptyText={search.trim() ? 'No requests match your search.' : 'You have no requests yet.'} />
      )}
      <SelectFormDialog isOpen={isSelectOpen} onClose={() => setIsSelectOpen(false)} />
    </Box>
  );
}

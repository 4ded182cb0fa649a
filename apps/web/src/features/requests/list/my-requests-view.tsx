import { REQUEST_LOADER_MS } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useMyRequestsQuery } from '../api/queries';
import { CenteredSpinner, RequestListSearch, ViewTitle } from '../requests-ui';
import { useMinimumDelay } from '../use-timed-flag';
import { RequestListPage } from './request-list-page';
import { SelectFormDialog } from './select-form-dialog';
import { useListPage } from './use-list-page';

/**
 * My Requests (001 §2): a 1-second loader, '+ Add New Request', and a search on reference
 * id, type and date, which the server runs over every request, a page at a time.
 */
export function MyRequestsView() {
  const list = useListPage();
  const requests = useMyRequestsQuery({ page: list.page, search: list.search });
  useQueryErrorReport('GETTING_MY_REQUESTS_ERROR', requests.error, requests.errorUpdatedAt);
  const isWaiting = useMinimumDelay(REQUEST_LOADER_MS);
  const [isSelectOpen, setIsSelectOpen] = useState(false);

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
      <RequestListSearch value={list.text} onChange={list.setText} onEnter={list.searchNow} placeholder="Reference ID, type or date" />
      {isWaiting || requests.data === undefined ? (
        requests.isError ? null : <CenteredSpinner label="Loading requests" />
      ) : (
        <RequestListPage
          shown={requests.data}
          isSearching={requests.isPlaceholderData}
          page={list.page}
          onPage={list.showPage}
          emptyText={list.search ? 'No requests match your search.' : 'You have no requests yet.'}
        />
      )}
      <SelectFormDialog isOpen={isSelectOpen} onClose={() => setIsSelectOpen(false)} />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useMyRequestsQuery } from '../api/queries';
import { ViewTitle } from '../requests-ui';
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
      <RequestListPage list={list} requests={requests} searchPlaceholder="Reference ID, type or date" loadingLabel="Loading requests" emptyText="You have no requests yet." />
      <SelectFormDialog isOpen={isSelectOpen} onClose={() => setIsSelectOpen(false)} />
    </Box>
  );
}

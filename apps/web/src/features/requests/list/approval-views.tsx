import Box from '@mui/material/Box';
import type { ComponentProps } from 'react';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useApprovalListQuery, useRequestHistoryQuery } from '../api/queries';
import { ViewTitle } from '../requests-ui';
import { RequestListPage } from './request-list-page';
import { useListPage } from './use-list-page';

type ApproverListProps = Omit<ComponentProps<typeof RequestListPage>, 'list' | 'requests'> & {
  title: string;
  useRequests: typeof useApprovalListQuery | typeof useRequestHistoryQuery;
};

/** An approver's list: the server searches it, a page at a time; the text goes out on Enter or after a pause. */
function ApproverList({ title, useRequests, ...shown }: ApproverListProps) {
  const list = useListPage();
  const requests = useRequests({ page: list.page, search: list.search }, true);
  useQueryErrorReport('GETTING_APPROVAL_LIST_ERROR', requests.error, requests.errorUpdatedAt);
  return (
    <Box>
      <ViewTitle>{title}</ViewTitle>
      <RequestListPage list={list} requests={requests} {...shown} />
    </Box>
  );
}

/**
 * My Pending Approvals (001 §2): requests awaiting the caller's vote, searched on reference
 * id, type, date and the requester's names.
 */
export function ApprovalListView() {
  return (
    <ApproverList
      title="My Pending Approvals"
      useRequests={useApprovalListQuery}
      searchPlaceholder="Reference ID, type, date or name"
      loadingLabel="Loading approvals"
      employee="requester"
      emptyText="Nothing is waiting for your approval."
    />
  );
}

/** Requests History (001 §2), searched on reference id, type and names. */
export function ApprovalHistoryView() {
  return <ApproverList title="Requests History" useRequests={useRequestHistoryQuery} searchPlaceholder="Reference ID, type, name…" loadingLabel="Loading requests history" employee="display-name" emptyText="No requests yet." />;
}

import LinearProgress from '@mui/material/LinearProgress';
import { RequestPager } from './request-pager';
import { RequestRows, type EmployeeColumn, type RequestListItem } from './request-rows';

interface RequestListPageProps {
  shown: { requests: readonly RequestListItem[]; total: number };
  /** The rows are the previous page or search while the asked one is on its way. */
  isSearching: boolean;
  page: number;
  onPage: (page: number) => void;
  employee?: EmployeeColumn;
  emptyText: string;
}

/** One page of a request list: a bar while the next page or search loads, the rows, the pages. */
export function RequestListPage({ shown, isSearching, page, onPage, employee, emptyText }: RequestListPageProps) {
  return (
    <>
      {isSearching ? <LinearProgress aria-label="Searching" sx={{ mb: 1 }} /> : null}
      <RequestRows requests={shown.requests} employee={employee} emptyText={emptyText} />
      <RequestPager page={page} total={shown.total} onChange={onPage} />
    </>
  );
}

import { FORM_REQUEST_NOTIFICATION_TYPES, REQUEST_PAGE_SIZE, routes, type VoteBody } from '@ichat/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { useLiveEvent, useReconnected } from '../../live';
import type { RequestListItem } from '../list/request-rows';

/** A page of one of the three lists, and the text it is searched for ('' for none). */
export interface ListPage {
  page: number;
  search: string;
}

export const requestKeys = {
  all: ['requests'] as const,
  forms: () => [...requestKeys.all, 'forms'] as const,
  permissions: () => [...requestKeys.all, 'permissions'] as const,
  mine: (page?: ListPage) => [...requestKeys.all, 'mine', ...(page ? [page] : [])] as const,
  /** Every approvals read starts with this key: the pages and the header's count refresh together. */
  approvals: (page?: ListPage | 'count') => [...requestKeys.all, 'approvals', ...(page ? [page] : [])] as const,
  history: (page?: ListPage) => [...requestKeys.all, 'history', ...(page ? [page] : [])] as const,
  detail: (type: string, id: number) => [...requestKeys.all, 'detail', type, id] as const,
  reports: () => [...requestKeys.all, 'reports'] as const,
};

interface ReadOptions {
  isEnabled?: boolean;
  staleTime?: number;
  retry?: boolean;
  /** The previous results stay on screen while a new search runs. */
  placeholderData?: typeof keepPreviousData;
}

/**
 * A read of the requests area: asked only while someone is signed in, and the screens are
 * given only the part of the answer they show.
 */
const useRequestsRead = <Answer, Part>(
  queryKey: QueryKey,
  read: (signal: AbortSignal) => Promise<Answer>,
  pick: (answer: Answer) => Part,
  { isEnabled = true, ...options }: ReadOptions = {},
) => useQuery({ queryKey, enabled: isEnabled && hasSession(), queryFn: ({ signal }) => read(signal), select: pick, ...options });

export const useMyFormsQuery = (isEnabled = true) =>
  useRequestsRead(requestKeys.forms(), (signal) => callApi(routes.requests.forms, { signal }), (answer) => answer.forms, { isEnabled });

export const usePagePermissionsQuery = () =>
  useRequestsRead(
    requestKeys.permissions(),
    (signal) => callApi(routes.requests.pagePermissions, { signal }),
    (answer) => answer.permissions,
    { staleTime: 60_000 },
  );

/** The viewer's time zone, which the lists' dates are shown in and so searched in. */
const viewerTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

/** The server's page of a list, searched on the server (docs/DECISIONS.md, "Requests and approvals", Lists). */
const listQuery = ({ page, search }: ListPage) => ({
  page,
  limit: REQUEST_PAGE_SIZE,
  ...(search ? { query: search, time_zone: viewerTimeZone() } : {}),
});

/** The page shown: its rows and the whole list's size (every page answer carries pagination). */
const pageOf = (answer: { requests: RequestListItem[]; pagination?: { total: number } | undefined }) => ({
  requests: answer.requests,
  total: answer.pagination?.total ?? answer.requests.length,
});

/** The previous page stays on screen while the next one or a new search is read. */
const listOptions = { placeholderData: keepPreviousData };

export const useMyRequestsQuery = (page: ListPage) =>
  useRequestsRead(requestKeys.mine(page), (signal) => callApi(routes.requests.myRequests, { query: listQuery(page), signal }), pageOf, listOptions);

export const useApprovalListQuery = (page: ListPage, isEnabled: boolean) =>
  useRequestsRead(requestKeys.approvals(page), (signal) => callApi(routes.requests.approvals, { query: listQuery(page), signal }), pageOf, {
    ...listOptions,
    isEnabled,
  });

export const useRequestHistoryQuery = (page: ListPage, isEnabled: boolean) =>
  useRequestsRead(requestKeys.history(page), (signal) => callApi(routes.requests.history, { query: listQuery(page), signal }), pageOf, {
    ...listOptions,
    isEnabled,
  });

export const useRequestDetailQuery = (type: string, id: number | null) =>
  useRequestsRead(
    requestKeys.detail(type, id ?? 0),
    (signal) => callApi(routes.requests.detail, { params: { type, id: id ?? 0 }, signal }),
    (answer) => answer.request,
    { isEnabled: id !== null && type !== '', retry: false },
  );

export const useReportsQuery = () =>
  useRequestsRead(requestKeys.reports(), (signal) => callApi(routes.requests.reports, { signal }), (answer) => answer.reports, { staleTime: 0 });

/** Approve or deny (001 §4); the detail, the lists and the dashboard reload after a vote. */
export const useVoteMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: VoteBody) =>
      callApi(routes.requests.vote, { body: vote }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
};

/**
 * The requester takes back a pending request (docs/DECISIONS.md, "Administration"); like a
 * vote, it changes the detail, every list it is on and the dashboard, so all of them reload.
 */
export const useWithdrawMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => callApi(routes.requests.withdraw, { params: { id: requestId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
};

/**
 * How many requests wait on the caller's vote, for the header's Requests destination
 * (issue 17), read as the approval list's total: null for someone who is not an approver. A notification (a request filed, a
 * vote cast, withdrawn) and a reconnect refresh it, so the figure follows without a reload.
 */
export const useWaitingApprovalsCount = (): number | null => {
  const queryClient = useQueryClient();
  const permissions = usePagePermissionsQuery();
  const isApprover = permissions.data?.approval_page === true;
  // One row is enough: the answer's total is the figure.
  const waiting = useRequestsRead(
    requestKeys.approvals('count'),
    (signal) => callApi(routes.requests.approvals, { query: { page: 1, limit: 1 }, signal }),
    (answer) => answer.pagination?.total ?? answer.requests.length,
    { isEnabled: isApprover },
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: requestKeys.approvals() });
  // Only a request's notification can change the figure; reactions and mentions ask nothing.
  useLiveEvent('notification', ({ notification_type }) => {
    if (isApprover && (FORM_REQUEST_NOTIFICATION_TYPES as readonly string[]).includes(notification_type)) refresh();
  });
  useReconnected(refresh);
  return isApprover ? (waiting.data ?? 0) : null;
};

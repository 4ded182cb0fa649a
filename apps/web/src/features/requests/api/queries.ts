import { FORM_REQUEST_NOTIFICATION_TYPES, routes, type VoteBody } from '@ichat/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { useLiveEvent, useReconnected } from '../../live';

export const requestKeys = {
  all: ['requests'] as const,
  forms: () => [...requestKeys.all, 'forms'] as const,
  permissions: () => [...requestKeys.all, 'permissions'] as const,
  mine: () => [...requestKeys.all, 'mine'] as const,
  approvals: () => [...requestKeys.all, 'approvals'] as const,
  history: (query: string) => [...requestKeys.all, 'history', query] as const,
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

export const useMyRequestsQuery = () =>
  useRequestsRead(requestKeys.mine(), (signal) => callApi(routes.requests.myRequests, { signal }), (answer) => answer.requests);

export const useApprovalListQuery = (isEnabled: boolean) =>
  useRequestsRead(requestKeys.approvals(), (signal) => callApi(routes.requests.approvals, { signal }), (answer) => answer.requests, { isEnabled });

export const useRequestHistoryQuery = (query: string, isEnabled: boolean) =>
  useRequestsRead(
    requestKeys.history(query),
    (signal) => callApi(routes.requests.history, { query: { query }, signal }),
    (answer) => answer.requests,
    { isEnabled, placeholderData: keepPreviousData },
  );

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
 * (issue 17): null for someone who is not an approver. A notification (a request filed, a
 * vote cast, withdrawn) and a reconnect refresh it, so the figure follows without a reload.
 */
export const useWaitingApprovalsCount = (): number | null => {
  const queryClient = useQueryClient();
  const permissions = usePagePermissionsQuery();
  const isApprover = permissions.data?.approval_page === true;
  const waiting = useApprovalListQuery(isApprover);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: requestKeys.approvals() });
  // Only a request's notification can change the figure; reactions and mentions ask nothing.
  useLiveEvent('notification', ({ notification_type }) => {
    if (isApprover && (FORM_REQUEST_NOTIFICATION_TYPES as readonly string[]).includes(notification_type)) refresh();
  });
  useReconnected(refresh);
  return isApprover ? (waiting.data?.length ?? 0) : null;
};

import { routes, type VoteBody } from '@ichat/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';

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

export const useMyFormsQuery = (enabled = true) =>
  useQuery({
    queryKey: requestKeys.forms(),
    enabled: enabled && hasSession(),
    queryFn: ({ signal }) => callApi(routes.requests.forms, { signal }),
    select: (response) => response.forms,
  });

export const usePagePermissionsQuery = () =>
  useQuery({
    queryKey: requestKeys.permissions(),
    enabled: hasSession(),
    queryFn: ({ signal }) => callApi(routes.requests.pagePermissions, { signal }),
    select: (response) => response.permissions,
    staleTime: 60_000,
  });

export const useMyRequestsQuery = () =>
  useQuery({
    queryKey: requestKeys.mine(),
    enabled: hasSession(),
    queryFn: ({ signal }) => callApi(routes.requests.myRequests, { signal }),
    select: (response) => response.requests,
  });

export const useApprovalListQuery = (enabled: boolean) =>
  useQuery({
    queryKey: requestKeys.approvals(),
    enabled: enabled && hasSession(),
    queryFn: ({ signal }) => callApi(routes.requests.approvals, { signal }),
    select: (response) => response.requests,
  });

export const useRequestHistoryQuery = (query: string, enabled: boolean) =>
  useQuery({
    queryKey: requestKeys.history(query),
    enabled: enabled && hasSession(),
    queryFn: ({ signal }) =>
      callApi(routes.requests.history, { query: { query }, signal }),
    select: (response) => response.requests,
    // The previous results stay on screen while a new search runs.
    placeholderData: keepPreviousData,
  });

export const useRequestDetailQuery = (type: string, id: number | null) =>
  useQuery({
    queryKey: requestKeys.detail(type, id ?? 0),
    enabled: id !== null && type !== '' && hasSession(),
    queryFn: ({ signal }) =>
      callApi(routes.requests.detail, { params: { type, id: id ?? 0 }, signal }),
    select: (response) => response.request,
    retry: false,
  });

export const useReportsQuery = () =>
  useQuery({
    queryKey: requestKeys.reports(),
    enabled: hasSession(),
    queryFn: ({ signal }) => callApi(routes.requests.reports, { signal }),
    select: (response) => response.reports,
    staleTime: 0,
  });

/** Approve or deny (001 §4); the detail, the lists and the dashboard reload after a vote. */
export const useVoteMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: VoteBody) =>
      callApi(routes.requests.vote, { body: vote }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
};

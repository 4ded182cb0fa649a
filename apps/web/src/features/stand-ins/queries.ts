import { routes, type CreateDelegationBody } from '@ichat/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import type { PersonOption } from '../../lib/person-picker';

export const standInKeys = {
  all: ['delegations'] as const,
  list: (scope: 'mine' | 'all') => [...standInKeys.all, scope] as const,
  directory: ['delegations', 'directory'] as const,
  search: (kind: 'directory' | 'admin') => ['delegations', 'people', kind] as const,
};

export const useDelegationsQuery = (scope: 'mine' | 'all') =>
  useQuery({
    queryKey: standInKeys.list(scope),
    queryFn: ({ signal }) => callApi(routes.requests.delegations, { query: { scope }, signal }),
    select: (response) => response.delegations,
  });

export const useCreateDelegationMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDelegationBody) => callApi(routes.requests.createDelegation, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standInKeys.all }),
  });
};

export const useEndDelegationMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(routes.requests.revokeDelegation, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standInKeys.all }),
  });
};

const MATCHES_SHOWN = 20;

/**
 * An approver picks a stand-in from the chat's directory of active staff (GET /api/v1/users,
 * read once and kept a few minutes), filtered here by name.
 */
export const searchDirectory =
  (queryClient: QueryClient) =>
  async (text: string, signal: AbortSignal): Promise<PersonOption[]> => {
    const { users } = await queryClient.fetchQuery({
      queryKey: standInKeys.directory,
      queryFn: () => callApi(routes.chat.users, { signal }),
      staleTime: 5 * 60_000,
    });
    const wanted = text.toLocaleLowerCase();
    return users
      .filter((user) => user.display_name.toLocaleLowerCase().includes(wanted))
      .slice(0, MATCHES_SHOWN)
      .map((user) => ({ id: user.id, display_name: user.display_name }));
  };

/** An administrator searches every active account on the server (name, email, username). */
export const searchActivePeople = async (text: string, signal: AbortSignal): Promise<PersonOption[]> => {
  const { people } = await callApi(routes.admin.people, {
    query: { ...(text ? { query: text } : {}), status: 'active', limit: MATCHES_SHOWN, sort: 'name' },
    signal,
  });
  return people.map((person) => ({
    id: person.id,
    display_name: person.display_name,
    detail: [person.email_address, person.department].filter(Boolean).join(' · '),
  }));
};

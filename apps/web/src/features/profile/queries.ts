import { routes, type MeResponse, type UserDetails } from '@ichat/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { hasSession } from '../../lib/session';

export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

export const fetchMe = (signal?: AbortSignal): Promise<MeResponse> =>
  callApi(routes.accounts.me, signal ? { signal } : {});

export const useMeQuery = () =>
  useQuery({
    queryKey: accountKeys.me(),
    // Pages still on screen while a revoked session leaves for /login must not ask again.
    enabled: hasSession(),
    queryFn: ({ signal }) => fetchMe(signal),
    select: (response) => response.user_details,
  });

/** The login answer already holds the profile: the header needs no second round trip. */
export const rememberSignedInUser = (queryClient: QueryClient, user: UserDetails) =>
  queryClient.setQueryData<MeResponse>(accountKeys.me(), { success: true, user_details: user });

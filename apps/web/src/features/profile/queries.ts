import { meResponseSchema, type MeResponse } from '@ichat/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { hasSession } from '../../lib/session';

export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

export const fetchMe = (signal?: AbortSignal): Promise<MeResponse> =>
  apiRequest('/api/v1/accounts/me', { schema: meResponseSchema, signal });

export const useMeQuery = () =>
  useQuery({
    queryKey: accountKeys.me(),
    // Pages still on screen while a revoked session leaves for /login must not ask again.
    enabled: hasSession(),
    queryFn: ({ signal }) => fetchMe(signal),
    select: (response) => response.user_details,
  });

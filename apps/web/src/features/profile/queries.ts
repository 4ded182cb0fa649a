import { accountRoutes, type MeResponse, type NotificationSettingsBody, type UserDetails } from '@ichat/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { hasSession } from '../../lib/session';

export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  notificationSettings: () => [...accountKeys.all, 'notification-settings'] as const,
};

export const fetchMe = (signal?: AbortSignal): Promise<MeResponse> =>
  callApi(accountRoutes.me, signal ? { signal } : {});

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

/** Do not disturb, quiet hours and push previews (issue 19): the profile shows them, the chime obeys them. */
export const useNotificationSettingsQuery = () =>
  useQuery({
    queryKey: accountKeys.notificationSettings(),
    enabled: hasSession(),
    queryFn: ({ signal }) => callApi(accountRoutes.notificationSettings, { signal }),
    select: ({ success: _success, ...settings }) => settings,
  });

export const useUpdateNotificationSettingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => callApi(accountRoutes.updateNotificationSettings, { body }),
    onSuccess: (answer) => queryClient.setQueryData(accountKeys.notificationSettings(), answer),
  });
};

import { messageOnlySchema, NOTIFICATION_POLL_MS, notificationsResponseSchema } from '@ichat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { hasSession } from '../../lib/session';

export const notificationKeys = { all: ['notifications'] as const };

/** The bell's list, polled every 120 s (000 §9). */
export const useNotificationsQuery = () =>
  useQuery({
    queryKey: notificationKeys.all,
    enabled: hasSession(),
    queryFn: ({ signal }) => apiRequest('/api/v1/users/notifications', { schema: notificationsResponseSchema, signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
  });

/** POST /api/v1/notifications/{id} {action: read | delete}. */
export const useNotificationActionMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'read' | 'delete' }) =>
      apiRequest(`/api/v1/notifications/${id}`, { method: 'POST', body: { action }, schema: messageOnlySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
};

import { NOTIFICATION_POLL_MS, routes } from '@ichat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { hasSession } from '../../lib/session';
import { useLiveEvent } from '../live';

export const notificationKeys = { all: ['notifications'] as const };

/**
 * The bell's list, polled every 120 s (000 §9), and fetched at once when the live socket
 * says a notification was stored for this person.
 */
export const useNotificationsQuery = () => {
  const queryClient = useQueryClient();
  useLiveEvent('notification', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
  return useQuery({
    queryKey: notificationKeys.all,
    enabled: hasSession(),
    queryFn: ({ signal }) => callApi(routes.notifications.list, { signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
};

/** POST /api/v1/notifications/{id} {action: read | delete}. */
export const useNotificationActionMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'read' | 'delete' }) =>
      callApi(routes.notifications.act, { params: { id }, body: { action } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
};

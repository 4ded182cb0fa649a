import { loginResponseSchema, messageOnlySchema, type LoginBody, type MeResponse } from '@ichat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { endSession, startSession } from '../../lib/session';
import { accountKeys } from '../profile/queries';

export const useLoginMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiRequest('/api/v1/accounts/login', {
        method: 'POST',
        body,
        schema: loginResponseSchema,
        isSessionCall: false,
      }),
    onSuccess: ({ token, expires_at, userDetails }) => {
      startSession({ token, expiresAt: expires_at, user: userDetails });
      // The login answer already holds the profile: the header needs no second round trip.
      queryClient.setQueryData<MeResponse>(accountKeys.me(), { success: true, user_details: userDetails });
    },
  });
};

/** Logout (000 §2 Header): the server call may fail, the local session ends regardless. */
export const logout = async (): Promise<void> => {
  try {
    await apiRequest('/api/v1/accounts/logout', { method: 'POST', schema: messageOnlySchema, isSessionCall: false });
  } catch {
    // The token may already be revoked or the server unreachable; signing out here still holds.
  }
  endSession('logout');
};

import { accountRoutes, type LoginBody } from '@ichat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { endSession, startSession } from '../../lib/session';
import { rememberSignedInUser } from '../profile';

export const useLoginMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      callApi(accountRoutes.login, { body, isSessionCall: false }),
    onSuccess: ({ token, expires_at, userDetails }) => {
      startSession({ token, expiresAt: expires_at, user: userDetails });
      rememberSignedInUser(queryClient, userDetails);
    },
  });
};

/** Logout (000 §2 Header): the server call may fail, the local session ends regardless. */
export const logout = async (): Promise<void> => {
  try {
    await callApi(accountRoutes.logout, { isSessionCall: false });
  } catch {
    // The token may already be revoked or the server unreachable; signing out here still holds.
  }
  endSession('logout');
};

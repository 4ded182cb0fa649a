import {
  routes,
  type ChangePasswordBody,
  type MeResponse,
  type UpdateMeResponse,
} from '@ichat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { saveToken, updateStoredDisplayName } from '../../lib/session';
import { accountKeys } from './queries';

export interface UpdateProfileInput {
  displayName: string;
  photo: File | null;
}

const updateProfile = ({ displayName, photo }: UpdateProfileInput): Promise<UpdateMeResponse> => {
  const form = new FormData();
  form.append('data', JSON.stringify({ display_name: displayName }));
  if (photo) form.append('profile_photo', photo, photo.name);
  return callApi(routes.accounts.updateMe, { body: form });
};

export const useUpdateProfileMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ updated_user }) => {
      updateStoredDisplayName(updated_user.display_name);
      queryClient.setQueryData<MeResponse>(accountKeys.me(), (previous) =>
        previous
          ? {
              ...previous,
              user_details: {
                ...previous.user_details,
                display_name: updated_user.display_name,
                profile_photo: updated_user.profile_photo,
              },
            }
          : previous,
      );
    },
  });
};

export const useChangePasswordMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      callApi(routes.accounts.changePassword, { body }),
    onSuccess: ({ token, expires_at }) => {
      // The server revoked every earlier token, this tab's included: keep the new one.
      saveToken(token, expires_at);
      // A password set by an administrator is now the person's own: the app opens.
      queryClient.setQueryData<MeResponse>(accountKeys.me(), (previous) =>
        previous ? { ...previous, user_details: { ...previous.user_details, must_change_password: false } } : previous,
      );
    },
  });
};

import {
  routes,
  type AdminEditUserBody,
  type ApprovalChain,
  type CatalogName,
  type CreateUserBody,
  type FormAccessGrants,
} from '@ichat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from './queries';

/** A change to a person shows in every list of people (the table, the pickers, names by id). */
const usePeopleChanged = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.people() });
};

export const useCreateUserMutation = () => {
  const peopleChanged = usePeopleChanged();
  return useMutation({
    mutationFn: (body: CreateUserBody) => callApi(routes.admin.createUser, { body }),
    onSuccess: peopleChanged,
  });
};

export const useUpdateUserMutation = () => {
  const peopleChanged = usePeopleChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminEditUserBody }) => callApi(routes.admin.updateUser, { params: { id }, body }),
    onSuccess: peopleChanged,
  });
};

export const useSetPasswordMutation = () => {
  const peopleChanged = usePeopleChanged();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password?: string }) =>
      callApi(routes.admin.setPassword, { params: { id }, body: password ? { password } : {} }),
    onSuccess: peopleChanged,
  });
};

export const useUnlockUserMutation = () =>
  useMutation({ mutationFn: (id: number) => callApi(routes.admin.unlockUser, { params: { id } }) });

export const useImportPreviewMutation = () =>
  useMutation({ mutationFn: (csv: string) => callApi(routes.admin.importPreview, { body: { csv } }) });

export const useImportUsersMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callApi(routes.admin.importUsers, { body: { csv } }),
    // New people may bring new departments.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

export const useCreateCatalogEntryMutation = (catalog: CatalogName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(routes.admin.createCatalogEntry, { params: { catalog }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.catalog(catalog) }),
  });
};

export const useUpdateCatalogEntryMutation = (catalog: CatalogName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; retired?: boolean }) =>
      callApi(routes.admin.updateCatalogEntry, { params: { catalog, id }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.catalog(catalog) });
      // A renamed department shows under its new name in the people table.
      if (catalog === 'departments') void queryClient.invalidateQueries({ queryKey: adminKeys.people() });
    },
  });
};

export const useSetFormAccessMutation = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (access: FormAccessGrants) => callApi(routes.admin.setFormAccess, { params: { id: formId }, body: access }),
    onSuccess: (response) => queryClient.setQueryData(adminKeys.access(formId), response),
  });
};

export const useSetApprovalChainMutation = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chain: ApprovalChain) => callApi(routes.admin.setApprovalChain, { params: { id: formId }, body: chain }),
    onSuccess: (response) => queryClient.setQueryData(adminKeys.chain(formId), response),
  });
};

export const useUpdateSettingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminderDays: number) => callApi(routes.admin.updateSettings, { body: { reminder_days: reminderDays } }),
    onSuccess: (response) => {
      queryClient.setQueryData(adminKeys.settings(), response);
      void queryClient.invalidateQueries({ queryKey: adminKeys.overdue() });
    },
  });
};

import { systemRoutes, accountRoutes } from '@ichat/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { clearSession, getToken } from '../../lib/session';
import { androidDownloadUrl } from './app-links';

export const systemKeys = {
  version: ['system', 'version'] as const,
  tokenCheck: ['tokens', 'verify'] as const,
};

export interface AppVersion {
  appVersion: string;
  androidUrl: string;
  iosUrl: string;
}

/**
 * The version call doubles as the maintenance check (000 §5): if it fails, or its answer
 * lacks the versions (the schema check throws), the login form stays disabled.
 */
export const useVersionQuery = () =>
  useQuery({
    queryKey: systemKeys.version,
    queryFn: ({ signal }) =>
      callApi(systemRoutes.version, { isSessionCall: false, signal }),
    select: (version): AppVersion => ({
      appVersion: version.APP_VERSION,
      androidUrl: androidDownloadUrl(version.ANDROID_APP_URL, version.MOBILE_VERSION),
      iosUrl: version.IOS_APP_URL,
    }),
    retry: 1,
    retryDelay: 500,
    staleTime: Infinity,
  });

/** A token cookie left from an earlier visit: still good means straight to the chat. */
export const useExistingTokenCheck = () => {
  const token = getToken();
  return useQuery({
    queryKey: systemKeys.tokenCheck,
    enabled: token !== undefined,
    queryFn: async ({ signal }) => {
      const { valid } = await callApi(accountRoutes.verifyToken, { body: { token: token ?? '' }, isSessionCall: false, signal });
      if (!valid) clearSession();
      return valid;
    },
    retry: false,
    gcTime: 0,
  });
};

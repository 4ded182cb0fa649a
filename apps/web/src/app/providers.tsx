import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { AppUpdates } from './app-updates';
import { ServerGate } from './server-gate';

/**
 * What every page has, the login page included: the query cache, the offline screen and the
 * new-version notice. MUI's theme and the error dialog come with the first themed screen
 * (app/theme-frame.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ServerGate>{children}</ServerGate>
      <AppUpdates />
    </QueryClientProvider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErefDialogProvider } from '../lib/eref-dialog';
import { queryClient } from '../lib/query-client';
import { AppUpdates } from './app-updates';
import { ServerGate } from './server-gate';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ErefDialogProvider>
          <ServerGate>{children}</ServerGate>
        </ErefDialogProvider>
        <AppUpdates />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ErefDialogProvider } from '../lib/eref-dialog';
import { theme } from './theme';

/**
 * MUI's theme and baseline and the product's error dialog, around every screen but the
 * login page: loaded with the first of them, so /login downloads no MUI (docs/DESIGN.md,
 * "Web delivery").
 */
export function ThemeFrame({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErefDialogProvider>{children}</ErefDialogProvider>
    </ThemeProvider>
  );
}

/** The frame as the layout route of every themed screen. */
export function ThemeFrameLayout() {
  return (
    <ThemeFrame>
      <Outlet />
    </ThemeFrame>
  );
}

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A full-screen page with its content centred: the login and error pages, outside the header layout. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: { xs: 4, sm: 6 },
      }}
    >
      {children}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface AdminScreenProps {
  /** The screen's h1. */
  title: string;
  description?: ReactNode;
  /** Buttons beside the title (Add, Import, Export). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One screen of the admin area: its title, a line on what it is for, then its content. */
export function AdminScreen({ title, description, actions, children }: AdminScreenProps) {
  return (
    <Box sx={{ maxWidth: 1280, width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: description ? 0.5 : 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, flex: 1, minWidth: 200 }}>
          {title}
        </Typography>
        {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
      </Box>
      {description ? (
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

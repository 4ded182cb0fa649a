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
      {/* Wide: the title with its buttons beside it, the description under both. Narrow: title,
          description, then the buttons. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr auto' },
          gridTemplateAreas: { xs: '"title" "description" "actions"', md: '"title actions" "description description"' },
          columnGap: 2,
          rowGap: 1,
          alignItems: 'center',
          mb: 2.5,
        }}
      >
        <Typography component="h1" variant="h5" sx={{ gridArea: 'title', fontWeight: 600 }}>
          {title}
        </Typography>
        {description ? (
          <Typography color="text.secondary" sx={{ gridArea: 'description' }}>
            {description}
          </Typography>
        ) : null}
        {actions ? <Box sx={{ gridArea: 'actions', display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
      </Box>
      {children}
    </Box>
  );
}

import { TEXT } from '@ichat/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../lib/visually-hidden';
import { statusBadge } from './lib/requests-lib';

export function NoContent({ text = TEXT.noContent }: { text?: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

/**
 * A view of its own with nothing to show (an unknown p, or approvals without approval_page):
 * the screen has no visible title, so its h1 is read only.
 */
export function NoContentView() {
  return (
    <>
      <Typography component="h1" sx={visuallyHidden}>
        Requests
      </Typography>
      <NoContent />
    </>
  );
}

export function CenteredSpinner({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function ViewTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
        {children}
      </Typography>
      {action}
    </Box>
  );
}

/** The Approved / Pending / Denied / Withdrawn badge of a request. */
export function StatusChip({ request, size = 'small' }: { request: { overall_approval_status: boolean; status: string }; size?: 'small' | 'medium' }) {
  const badge = statusBadge(request);
  return <Chip label={badge.label} color={badge.color} size={size} variant="filled" sx={{ fontWeight: 600, minWidth: 88 }} />;
}

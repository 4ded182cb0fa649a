import { TEXT } from '@ichat/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SearchField } from '../../lib/search-field';
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

/**
 * One particular of a request, a term and its value, inside a `dl`: the detail's fields and
 * the submit confirmation's reference. `isProminent` sets the value larger and heavier.
 */
export function RequestParticular({ term, value, isProminent = false }: { term: string; value: string; isProminent?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography
        component="dd"
        variant={isProminent ? 'body1' : 'body2'}
        sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', fontWeight: isProminent ? 500 : undefined }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The request lists' search field: full width on phones, a comfortable width above a list. */
export function RequestListSearch(props: { value: string; onChange: (value: string) => void; onEnter?: () => void; placeholder: string }) {
  return <SearchField label="Search" sx={{ width: { xs: '100%', sm: 360 }, mb: 2 }} {...props} />;
}

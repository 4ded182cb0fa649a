/**
 * The header's destinations (issue 17). The chat is the title beside the logo, as before;
 * beside it the request portal is a visible destination at every width, and for an approver
 * Approvals, one click from anywhere, with the number of requests waiting on their vote on
 * Requests. Before, the portal's only door was "My Requests" in the avatar menu.
 */
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import RequestPageOutlinedIcon from '@mui/icons-material/RequestPageOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useWaitingApprovalsCount } from '../features/requests';
import { visuallyHidden } from '../lib/visually-hidden';

export const REQUESTS_HOME = '/requests?p=view-requests';
export const APPROVALS_PATH = '/requests?p=view-approval-list';

export type Destination = 'chat' | 'requests' | 'approvals' | null;

/** Where the person is: the chat (home and conversations), the portal, or its Approvals. */
export const currentDestination = (pathname: string, search: string): Destination => {
  if (pathname === '/' || pathname.startsWith('/conversations')) return 'chat';
  if (!pathname.startsWith('/requests')) return null;
  return new URLSearchParams(search).get('p') === 'view-approval-list' ? 'approvals' : 'requests';
};

interface DestinationLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
  /** Read after the label by screen readers: ', 3 waiting for your approval'. */
  more?: string;
  isCurrent: boolean;
}

function DestinationLink({ to, label, icon, more, isCurrent }: DestinationLinkProps) {
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      aria-current={isCurrent ? 'page' : undefined}
      sx={{
        display: 'flex',
        // A phone stacks the label under its icon so the destinations fit beside the bell.
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 0.25, sm: 1 },
        px: { xs: 0.75, sm: 1.5 },
        py: { xs: 0.5, sm: 1 },
        minWidth: 48,
        borderRadius: 2,
        color: isCurrent ? 'primary.main' : 'text.secondary',
        bgcolor: isCurrent ? 'action.selected' : 'transparent',
        fontWeight: 600,
        fontSize: { xs: 11, sm: 14 },
        lineHeight: 1.2,
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      {icon}
      <span>
        {label}
        {more ? <span style={visuallyHidden}>{more}</span> : null}
      </span>
    </ButtonBase>
  );
}

export function HeaderDestinations() {
  const { pathname, search } = useLocation();
  const current = currentDestination(pathname, search);
  const waiting = useWaitingApprovalsCount();
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 0.5 } }}>
      <DestinationLink
        to={REQUESTS_HOME}
        label="Requests"
        more={waiting ? `, ${waiting} waiting for your approval` : undefined}
        icon={
          // The figure is said in the link's name; the badge only draws it.
          <Badge badgeContent={waiting ?? 0} color="error" max={99} data-testid="waiting-approvals" slotProps={{ badge: { 'aria-hidden': true } }}>
            <RequestPageOutlinedIcon fontSize="small" />
          </Badge>
        }
        isCurrent={current === 'requests'}
      />
      {waiting === null ? null : (
        <DestinationLink to={APPROVALS_PATH} label="Approvals" icon={<FactCheckOutlinedIcon fontSize="small" />} isCurrent={current === 'approvals'} />
      )}
    </Box>
  );
}

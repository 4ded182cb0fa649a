import { formatPesos, type requestListItemSchema } from '@ichat/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { formatDateTime, formTypeName, requestDetailPath } from '../lib/requests-lib';
import { NoContent, StatusChip } from '../requests-ui';

export type RequestListItem = ReturnType<typeof requestListItemSchema.parse>;

/** Which employee a list shows: the requester's names (approvals) or the display name (history). */
export type EmployeeColumn = 'none' | 'requester' | 'display-name';

const employeeName = (request: RequestListItem, column: EmployeeColumn): string =>
  column === 'requester'
    ? `${request.requester_user_detail.first_name} ${request.requester_user_detail.last_name}`.trim()
    : request.user_detail.display_name;

/** Total Cost is an ePR field (001 §2); other types show a dash. */
const totalCostText = (request: RequestListItem): string =>
  request.request_type === 'epr' && request.total_cost !== null ? formatPesos(request.total_cost) : '—';

interface RequestRowsProps {
  requests: readonly RequestListItem[];
  employee?: EmployeeColumn;
  emptyText?: string;
}

/** The rows of My Requests, My Pending Approvals and Requests History; each opens the detail. */
export function RequestRows({ requests, employee = 'none', emptyText = 'No requests found.' }: RequestRowsProps) {
  const location = useLocation();
  const returnUrl = `${location.pathname}${location.search}`;
  const hasEmployee = employee !== 'none';
  const columns = hasEmployee
    ? 'minmax(150px,1.2fr) minmax(130px,1fr) minmax(160px,1.4fr) minmax(170px,1.1fr) minmax(110px,0.8fr) 104px'
    : 'minmax(150px,1.2fr) minmax(180px,1.6fr) minmax(170px,1.1fr) minmax(110px,0.8fr) 104px';

  if (requests.length === 0) return <NoContent text={emptyText} />;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', md: 'grid' },
          gridTemplateColumns: columns,
          gap: 2,
          px: 2,
          py: 1.25,
          bgcolor: 'action.hover',
          typography: 'caption',
          fontWeight: 600,
          color: 'text.secondary',
          textTransform: 'uppercase',
          letterSpacing: 0.4,
        }}
      >
        <span>Reference ID</span>
        {hasEmployee ? <span>Employee</span> : null}
        <span>Request Type</span>
        <span>Date &amp; Time Requested</span>
        <span>Total Cost</span>
        <span>Status</span>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {requests.map((request) => (
          <Box component="li" key={request.id} sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <ButtonBase
              component={RouterLink}
              to={requestDetailPath(request, returnUrl)}
              data-testid="request-row"
              sx={{
                width: '100%',
                textAlign: 'left',
                display: 'grid',
                gridTemplateColumns: { xs: '1fr auto', md: columns },
                alignItems: 'center',
                columnGap: 2,
                rowGap: 0.5,
                px: 2,
                py: { xs: 1.5, md: 1.25 },
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { bgcolor: 'action.focus' },
              }}
            >
              <Typography sx={{ fontWeight: 600, color: 'primary.main', wordBreak: 'break-all' }}>
                {request.reference_id}
              </Typography>
              <Box sx={{ display: { xs: 'block', md: 'none' }, justifySelf: 'end' }}>
                <StatusChip request={request} />
              </Box>
              {hasEmployee ? (
                <Cell label="Employee">{employeeName(request, employee)}</Cell>
              ) : null}
              <Cell label="Request Type">{formTypeName(request.request_type)}</Cell>
              <Cell label="Date & Time Requested">{formatDateTime(request.createdAt)}</Cell>
              <Cell label="Total Cost">{totalCostText(request)}</Cell>
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                <StatusChip request={request} />
              </Box>
            </ButtonBase>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** A value; on phones its label is written before it since the header row is hidden. */
function Cell({ label, children }: { label: string; children: string }) {
  return (
    <Typography variant="body2" component="div" sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
      <Box component="span" sx={{ display: { xs: 'inline', md: 'none' }, color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {children}
    </Typography>
  );
}

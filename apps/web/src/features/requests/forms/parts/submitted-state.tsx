import { TEXT, type submitResponseSchema } from '@ichat/shared';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { requestDetailPath } from '../../lib/requests-lib';
import { RequestParticular } from '../../requests-ui';
import { formatSubmittedAt } from '../lib/dates';

export type SubmittedRequest = ReturnType<typeof submitResponseSchema.parse>['request'];

/**
 * The confirmation after a submit (001 §2): reference id, time, and where to find it; the
 * reference opens the new request at once (issue 17), its detail coming back to My Requests.
 */
export function SubmittedState({ request }: { request: SubmittedRequest }) {
  return (
    <Paper variant="outlined" role="status" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {TEXT.requestSubmitted}
      </Typography>
      <Stack
        component="dl"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 5 }}
        sx={{ justifyContent: 'center', my: 3 }}
      >
        <RequestParticular isProminent term="Reference ID" value={request.reference_id} />
        <RequestParticular isProminent term="Date & Time" value={formatSubmittedAt(request.createdAt)} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {TEXT.requestFoundInMyRequests}
      </Typography>
      <Button
        variant="contained"
        component={RouterLink}
        to={requestDetailPath(request, '/requests?p=view-requests')}
        sx={{ mt: 3 }}
      >
        View request
      </Button>
    </Paper>
  );
}

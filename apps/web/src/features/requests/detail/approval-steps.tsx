/**
 * The approval as steps (issue 17): each level with its approvers by name, each one's vote,
 * reason and time, "1 of 2 approved", which level decides now, and "Not needed" for a level
 * a denial made moot. The model is approvalSteps (lib/requests-lib.ts).
 */
import type { RequestDetail } from '@ichat/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { profilePhotoUrl } from '../../../lib/assets';
import { approvalSteps, formatDateTime, type StepState, type StepVote } from '../lib/requests-lib';

const STATE_COLOR: Record<StepState, 'success' | 'error' | 'primary' | 'default'> = {
  Approved: 'success',
  Rejected: 'error',
  'Deciding now': 'primary',
  Waiting: 'default',
  'Not needed': 'default',
  Withdrawn: 'default',
};

const VOTE_COLOR: Record<StepVote, string> = {
  Approved: 'success.main',
  Rejected: 'error.main',
  Pending: 'warning.dark',
  'Not needed': 'text.secondary',
};

export function ApprovalSteps({ request }: { request: RequestDetail }) {
  const steps = approvalSteps(request);
  return (
    <Box component="ol" aria-label="Approval steps" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1.5, display: 'grid', gap: 1.5 }}>
      {steps.map((step) => (
        <Box
          component="li"
          key={step.level}
          data-testid="approval-step"
          aria-current={step.state === 'Deciding now' ? 'step' : undefined}
          sx={{
            border: 1,
            borderColor: step.state === 'Deciding now' ? 'primary.main' : 'divider',
            borderRadius: 2,
            p: 1.5,
            // A moot level is drawn dashed, not faded, so its text keeps its contrast.
            borderStyle: step.state === 'Not needed' || step.state === 'Withdrawn' ? 'dashed' : 'solid',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
              {step.title}
            </Typography>
            <Chip size="small" label={step.state} color={STATE_COLOR[step.state]} variant={step.state === 'Deciding now' ? 'filled' : 'outlined'} />
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              {step.progress}
            </Typography>
          </Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {step.neededLabel}: {step.needed}
          </Typography>
          {step.approvers.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              No approvers at this level.
            </Typography>
          ) : (
            <Box component="ul" aria-label={`${step.title} approvers`} sx={{ listStyle: 'none', m: 0, p: 0, mt: 1, display: 'grid', gap: 1 }}>
              {step.approvers.map((approver) => (
                <Box component="li" key={approver.id} data-testid="step-approver" sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
                  <Avatar src={profilePhotoUrl(approver.profile_photo)} alt="" sx={{ width: 32, height: 32 }} />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2">
                      <strong>{approver.name}</strong> —{' '}
                      <Box component="span" sx={{ color: VOTE_COLOR[approver.vote], fontWeight: 600 }}>
                        {approver.vote}
                      </Box>
                      {approver.date ? ` · ${formatDateTime(approver.date)}` : ''}
                    </Typography>
                    {approver.comment ? (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        “{approver.comment}”
                      </Typography>
                    ) : null}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

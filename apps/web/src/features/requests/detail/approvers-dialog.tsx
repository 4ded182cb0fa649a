import type { RequestDetail } from '@ichat/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { profilePhotoUrl } from '../../../lib/assets';
import { approverStatus, formatDateTime, voterName } from '../lib/requests-lib';
import { ClosableDialogTitle } from '../../../lib/closable-dialog-title';

type Approver = RequestDetail['approval']['first_level_approval'][number];

const STATUS_COLOR = { Pending: 'warning', Approved: 'success', Rejected: 'error' } as const;

/**
 * The Approvers modal (001 §2): '1st Level' and '2nd Level' with photo, name, status, date,
 * comment; a seat a stand-in voted in reads '<stand-in> for <approver>'.
 */
export function ApproversDialog({ approval, isOpen, onClose }: { approval: RequestDetail['approval']; isOpen: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <ClosableDialogTitle id={titleId} onClose={onClose}>
        Approvers
      </ClosableDialogTitle>
      <DialogContent dividers>
        <ApproverLevel title="1st Level" approvers={approval.first_level_approval} />
        <ApproverLevel title="2nd Level" approvers={approval.second_level_approval} />
      </DialogContent>
    </Dialog>
  );
}

function ApproverLevel({ title, approvers }: { title: string; approvers: Approver[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ '& + &': { mt: 2 } }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {approvers.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          No approvers at this level.
        </Typography>
      ) : (
        <List dense aria-labelledby={headingId}>
          {approvers.map((approver) => {
            const status = approverStatus(approver);
            return (
              <ListItem key={approver.id} alignItems="flex-start" data-testid="approver" sx={{ px: 0 }}>
                <ListItemAvatar>
                  <Avatar src={profilePhotoUrl(approver.profile_photo)} alt="" />
                </ListItemAvatar>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 500 }}>{voterName(approver.display_name, approver.voted_by)}</Typography>
                    <Chip size="small" label={status} color={STATUS_COLOR[status]} variant="outlined" />
                  </Box>
                  {approver.date ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {formatDateTime(approver.date)}
                    </Typography>
                  ) : null}
                  {approver.comment ? (
                    <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      “{approver.comment}”
                    </Typography>
                  ) : null}
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

import { canManageMember, isAllowed, membershipOf, TEXT, type ConversationDetail } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useAddMemberMutation, useMemberActionMutation } from '../api/mutations';
import { UserAvatar } from '../conversation-avatar';
import { useReportError } from '../../../lib/use-report-error';
import { EmptyText, ModalFrame, ModalTable } from './modal-frame';
import { UserPicker, type PickableUser } from './user-picker';

interface Props {
  conversation: ConversationDetail;
  viewerId: number | undefined;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * View Members (000 §2, §6): anyone may add people; admins mute/unmute or remove others,
 * never themselves; everyone else (and the own row) sees DISABLED.
 */
export function MembersDialog({ conversation, viewerId, isOpen, onClose }: Props) {
  const add = useAddMemberMutation();
  const act = useMemberActionMutation();
  const report = useReportError();
  const [toAdd, setToAdd] = useState<PickableUser[]>([]);
  const memberIds = useMemo(() => conversation.members.map((member) => member.user_id), [conversation.members]);
  const membership = membershipOf(conversation);

  const handleAdd = async () => {
    for (const user of toAdd) {
      try {
        await add.mutateAsync({ conversationId: conversation.id, userId: user.id });
      } catch (error) {
        report('ADD_CONVERSATION_MEMBER_ERROR', error);
        return;
      }
    }
    setToAdd([]);
  };

  const handleAction = (userId: number, action: 'mute' | 'remove') =>
    act.mutate(
      { conversationId: conversation.id, userId, action },
      { onError: (error) => report('UPDATE_CONVERSATION_MEMBER_ERROR', error) },
    );

  return (
    <ModalFrame isOpen={isOpen} title="Members" onClose={onClose}>
      {conversation.is_group ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ flex: 1 }}>
            <UserPicker label="Search people to add" value={toAdd} onChange={setToAdd} excludeIds={memberIds} />
          </Box>
          <Button
            variant="contained"
            onClick={() => void handleAdd()}
            disabled={toAdd.length === 0}
            loading={add.isPending}
            sx={{ height: 56 }}
          >
            Add Member
          </Button>
        </Stack>
      ) : null}
      {conversation.members.length === 0 ? (
        <EmptyText>{TEXT.noMembersFound}</EmptyText>
      ) : (
        <ModalTable
          label="Members"
          columns={
            <>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Action</TableCell>
            </>
          }
        >
          {conversation.members.map((member) => {
            const canManage = isAllowed(canManageMember(viewerId ?? 0, membership, member.user_id));
            return (
              <TableRow key={member.id} data-testid="member-row">
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <UserAvatar photo={member.user.profile_photo} size={28} />
                    <span>{member.user.display_name}</span>
                    {member.is_admin ? (
                      <Typography component="span" variant="caption" color="primary">
                        Admin
                      </Typography>
                    ) : null}
                    {member.is_muted ? (
                      <Typography component="span" variant="caption" color="error">
                        Muted
                      </Typography>
                    ) : null}
                  </Box>
                </TableCell>
                <TableCell>{member.user.email_address}</TableCell>
                <TableCell>
                  {canManage ? (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="outlined" onClick={() => handleAction(member.user_id, 'mute')} disabled={act.isPending}>
                        {member.is_muted ? 'Unmute' : 'Mute'}
                      </Button>
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        onClick={() => handleAction(member.user_id, 'remove')}
                        disabled={act.isPending}
                      >
                        Remove
                      </Button>
                    </Stack>
                  ) : (
                    <Typography variant="body2" color="text.disabled" sx={{ fontWeight: 500 }}>
                      DISABLED
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </ModalTable>
      )}
    </ModalFrame>
  );
}

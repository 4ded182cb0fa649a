import { canManageMember, isAllowed, membershipOf, TEXT, type ConversationDetail } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useAddMemberMutation, useMemberActionMutation } from '../api/mutations';
import { UserAvatar } from '../conversation-avatar';
import { useIsNarrow } from '../lib/use-phone';
import { useReportError } from '../../../lib/use-report-error';
import { EmptyText, ModalFrame, ModalTable } from './modal-frame';
import { UserPicker, type PickableUser } from './user-picker';

interface Props {
  conversation: ConversationDetail;
  viewerId: number | undefined;
  isOpen: boolean;
  onClose: () => void;
}

type Member = ConversationDetail['members'][number];

/** One member as the dialog shows them: who, what they may do here, and what the viewer may do to them. */
interface MemberRow {
  member: Member;
  isViewer: boolean;
  canManage: boolean;
  /** Why the viewer cannot manage this member, in words (issue 17). */
  whyNot: string | undefined;
  onAction: (action: 'mute' | 'remove') => void;
  isBusy: boolean;
}

/** A member's role and state in words that mean something to the people reading them. */
const memberWords = ({ member, isViewer }: MemberRow): string =>
  [isViewer ? 'You' : null, member.is_admin ? 'Group admin' : 'Member', member.is_muted ? 'Muted: cannot send messages' : null]
    .filter(Boolean)
    .join(' · ');

function MemberIdentity({ row, withEmail = true }: { row: MemberRow; withEmail?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <UserAvatar photo={row.member.user.profile_photo} size={32} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {row.member.user.display_name}
        </Typography>
        <Typography variant="caption" color={row.member.is_muted ? 'error' : 'text.secondary'} component="div" data-testid="member-role">
          {memberWords(row)}
        </Typography>
        {withEmail ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {row.member.user.email_address}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** Mute/Unmute and Remove for an admin; otherwise the specification's DISABLED, and why. */
function MemberActions({ row }: { row: MemberRow }) {
  if (row.canManage) {
    return (
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" onClick={() => row.onAction('mute')} disabled={row.isBusy}>
          {row.member.is_muted ? 'Unmute' : 'Mute'}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => row.onAction('remove')} disabled={row.isBusy}>
          Remove
        </Button>
      </Stack>
    );
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
        DISABLED
      </Typography>
      {row.whyNot ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {row.whyNot}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * View Members (000 §2, §6): anyone may add people; admins mute/unmute or remove others,
 * never themselves; everyone else (and the own row) sees DISABLED, with the reason, and each
 * member's role and state in words. A phone shows a list instead of the table.
 */
export function MembersDialog({ conversation, viewerId, isOpen, onClose }: Props) {
  const isNarrow = useIsNarrow();
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

  const isViewerAdmin = conversation.members.some((member) => member.user_id === viewerId && member.is_admin);
  const rows: MemberRow[] = conversation.members.map((member) => ({
    member,
    isViewer: member.user_id === viewerId,
    canManage: isAllowed(canManageMember(viewerId ?? 0, membership, member.user_id)),
    whyNot: member.user_id === viewerId ? 'You cannot mute or remove yourself.' : isViewerAdmin ? undefined : 'Only group admins can mute or remove members.',
    onAction: (action) => handleAction(member.user_id, action),
    isBusy: act.isPending,
  }));

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
      ) : isNarrow ? (
        // A phone gets a list: the table's three columns were clipped (issue 17).
        <List aria-label="Members" disablePadding>
          {rows.map((row) => (
            <ListItem key={row.member.id} data-testid="member-row" divider alignItems="flex-start" sx={{ px: 0, flexDirection: 'column', gap: 1 }}>
              <MemberIdentity row={row} />
              <Box sx={{ pl: 5.5 }}>
                <MemberActions row={row} />
              </Box>
            </ListItem>
          ))}
        </List>
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
          {rows.map((row) => (
            <TableRow key={row.member.id} data-testid="member-row">
              <TableCell>
                <MemberIdentity row={row} withEmail={false} />
              </TableCell>
              <TableCell>{row.member.user.email_address}</TableCell>
              <TableCell>
                <MemberActions row={row} />
              </TableCell>
            </TableRow>
          ))}
        </ModalTable>
      )}
    </ModalFrame>
  );
}

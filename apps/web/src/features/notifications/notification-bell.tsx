import { formatRelativeTime, TEXT, type Notification } from '@ichat/shared';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { imageUrl } from '../../lib/assets';
import { NoticeDialog } from '../../lib/notice-dialog';
import defaultAvatarUrl from '../../assets/default-avatar.svg';
import { useOpenAtMessage } from '../chat';
import { useQueryErrorReport, useReportError } from '../../lib/use-report-error';
import { BELL_BADGE_MAX, bellLabel, notificationSummary, notificationTarget } from './notification-lib';
import { useNotificationActionMutation, useNotificationsQuery } from './queries';

/** The header's bell (000 §2 Notification menu): unread badge, list, read and delete. */
export function NotificationBell() {
  const navigate = useNavigate();
  const notifications = useNotificationsQuery();
  useQueryErrorReport('FETCH_NOTIFICATIONS_ERROR', notifications.error, notifications.errorUpdatedAt);
  const act = useNotificationActionMutation();
  const report = useReportError();
  const { openingId, openAtMessage } = useOpenAtMessage('CLICK_NOTIFICATION_ERROR');
  const popoverId = useId();
  const headingId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isUnsupportedOpen, setIsUnsupportedOpen] = useState(false);

  const unread = notifications.data?.unread_count ?? 0;
  const items = notifications.data?.notifications ?? [];
  const isOpen = anchor !== null;

  const handleOpen = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    void notifications.refetch();
  };
  const handleClose = () => setAnchor(null);

  const runAction = (notification: Notification, action: 'read' | 'delete') =>
    act.mutate(
      { id: notification.id, action },
      { onError: (error) => report('UPDATE_NOTIFICATION_ERROR', error) },
    );

  const markReadQuietly = (notification: Notification) => {
    if (!notification.is_read) act.mutate({ id: notification.id, action: 'read' });
  };

  const handleClick = async (notification: Notification) => {
    const target = notificationTarget(notification);
    switch (target.kind) {
      case 'none':
        return;
      case 'unsupported':
        handleClose();
        setIsUnsupportedOpen(true);
        return;
      case 'navigate':
        markReadQuietly(notification);
        handleClose();
        void navigate(target.to);
        return;
      case 'position':
        await openAtMessage({
          openingId: notification.id,
          conversationId: target.conversationId,
          messageId: target.messageId,
          beforeOpen: () => {
            markReadQuietly(notification);
            handleClose();
          },
        });
    }
  };

  return (
    <>
      <IconButton
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-controls={isOpen ? popoverId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        color="default"
        onClick={handleOpen}
        className="no-print"
      >
        {/* No badge at all when nothing is unread: MUI keeps a hidden badge's last number in
            the button, where it would be text the button's name does not carry. */}
        {unread > 0 ? (
          <Badge color="error" badgeContent={unread} max={BELL_BADGE_MAX}>
            <NotificationsOutlinedIcon />
          </Badge>
        ) : (
          <NotificationsOutlinedIcon />
        )}
      </IconButton>
      <Popover
        id={popoverId}
        open={isOpen}
        anchorEl={anchor}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': headingId,
            variant: 'outlined',
            elevation: 0,
            sx: { mt: 1, width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, calc(100dvh - 96px))', boxShadow: 3, display: 'flex', flexDirection: 'column' },
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            Notifications
          </Typography>
          {notifications.isFetching ? <CircularProgress size={18} aria-label="Refreshing notifications" /> : null}
          {unread > 0 ? (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {unread} unread
            </Typography>
          ) : null}
        </Box>
        <Divider />
        <Box sx={{ overflowY: 'auto' }}>
          {items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {notifications.isPending ? 'Loading…' : 'No notifications'}
            </Typography>
          ) : (
            <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  isBusy={openingId === notification.id}
                  onOpen={() => void handleClick(notification)}
                  onRead={() => runAction(notification, 'read')}
                  onDelete={() => runAction(notification, 'delete')}
                />
              ))}
            </Box>
          )}
        </Box>
      </Popover>
      <NoticeDialog isOpen={isUnsupportedOpen} title="Notification" onClose={() => setIsUnsupportedOpen(false)} text={TEXT.unsupportedNotification} />
    </>
  );
}

interface NotificationItemProps {
  notification: Notification;
  isBusy: boolean;
  onOpen: () => void;
  onRead: () => void;
  onDelete: () => void;
}

function NotificationItem({ notification, isBusy, onOpen, onRead, onDelete }: NotificationItemProps) {
  const summary = notificationSummary(notification);
  const isClickable = notificationTarget(notification).kind !== 'none';
  const avatar = summary.isRequest ? (
    <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40 }}>
      <AssignmentOutlinedIcon fontSize="small" />
    </Avatar>
  ) : (
    <Avatar src={summary.image ? imageUrl(summary.image) : defaultAvatarUrl} alt="" sx={{ width: 40, height: 40 }} />
  );
  const body = (
    <>
      {avatar}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: notification.is_read ? 400 : 600 }}>
          {summary.sender}{' '}
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {summary.action}
          </Box>
        </Typography>
        {summary.preview ? (
          <Typography variant="body2" noWrap data-testid="notification-preview">
            {summary.preview}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {[summary.place, formatRelativeTime(notification.createdAt)].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      {isBusy ? <CircularProgress size={16} aria-label="Opening" /> : null}
    </>
  );
  return (
    <Box
      component="li"
      data-testid="notification-item"
      data-read={notification.is_read ? 'true' : 'false'}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pr: 1,
        bgcolor: notification.is_read ? 'transparent' : 'action.hover',
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      {isClickable ? (
        <ButtonBase
          onClick={onOpen}
          sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5, textAlign: 'left', px: 2, py: 1.25, justifyContent: 'flex-start' }}
        >
          {body}
        </ButtonBase>
      ) : (
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }}>{body}</Box>
      )}
      {notification.is_read ? null : (
        <Tooltip title="Mark as read">
          <IconButton aria-label="Mark as read" size="small" onClick={onRead}>
            <CheckIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Delete notification">
        <IconButton aria-label="Delete notification" size="small" onClick={onDelete}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

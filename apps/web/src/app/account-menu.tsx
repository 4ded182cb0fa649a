import { TEXT } from '@ichat/shared';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../features/auth';
import { profilePhotoUrl } from '../lib/assets';
import { ChangePasswordDialog, useMeQuery } from '../features/profile';
import { NoticeDialog } from '../lib/notice-dialog';
import { getStoredUser } from '../lib/session';

const MY_REQUESTS_PATH = '/requests?p=view-requests';

/** The header's profile dropdown (000 §2 Header). */
export function AccountMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useMeQuery();
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isChangePasswordOpen, setIsChangePasswordOpen] = useState(false);
  // The message outlives the open flag so the text stays while the dialog fades out.
  const [passwordChangedMessage, setPasswordChangedMessage] = useState('');
  const [isPasswordChangedOpen, setIsPasswordChangedOpen] = useState(false);

  const isOpen = anchor !== null;
  // Change Password is hidden on the profile screen (000 §2).
  const isOnProfile = pathname === '/profile';
  const displayName = me.data?.display_name ?? getStoredUser()?.display_name ?? '';

  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);
  const handleNavigate = (to: string) => {
    handleClose();
    void navigate(to);
  };
  const handleChangePassword = () => {
    handleClose();
    setIsChangePasswordOpen(true);
  };
  const handleLogout = () => {
    handleClose();
    void logout();
  };
  const handlePasswordChanged = (message: string) => {
    setIsChangePasswordOpen(false);
    setPasswordChangedMessage(message);
    setIsPasswordChangedOpen(true);
  };

  return (
    <>
      <Button
        id={buttonId}
        // The name starts with the name shown on wide screens (WCAG 2.5.3: a person using
        // speech says what they see).
        aria-label={displayName ? `${displayName}, account menu` : 'Account menu'}
        aria-haspopup="menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        onClick={handleOpen}
        color="inherit"
        sx={{ minWidth: 0, gap: 1, px: { xs: 0.5, lg: 1 }, borderRadius: 6 }}
      >
        <Avatar src={profilePhotoUrl(me.data?.profile_photo)} alt="" sx={{ width: 36, height: 36 }} />
        <Typography
          component="span"
          sx={{ display: { xs: 'none', lg: 'block' }, maxWidth: 220, fontWeight: 500 }}
          noWrap
        >
          {displayName}
        </Typography>
        <KeyboardArrowDownIcon sx={{ display: { xs: 'none', lg: 'block' }, color: 'text.secondary' }} />
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { variant: 'outlined', elevation: 0, sx: { mt: 1, minWidth: 240, boxShadow: 3 } },
          list: { 'aria-labelledby': buttonId },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 500 }} noWrap>
            {displayName}
          </Typography>
          {me.data ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              {me.data.email_address}
            </Typography>
          ) : null}
        </Box>
        <Divider />
        <MenuItem onClick={() => handleNavigate('/profile')}>
          <ListItemIcon>
            <PersonOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>My Profile</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => handleNavigate(MY_REQUESTS_PATH)}>
          <ListItemIcon>
            <AssignmentOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>My Requests</ListItemText>
        </MenuItem>
        {/* Approvers name their stand-ins; administrators run the company (docs/DECISIONS.md, "Administration"). */}
        {me.data?.approval_page || me.data?.admin_access ? (
          <MenuItem onClick={() => handleNavigate('/stand-ins')}>
            <ListItemIcon>
              <SwapHorizOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Stand-ins</ListItemText>
          </MenuItem>
        ) : null}
        {me.data?.admin_access ? (
          <MenuItem onClick={() => handleNavigate('/admin')}>
            <ListItemIcon>
              <AdminPanelSettingsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Administration</ListItemText>
          </MenuItem>
        ) : null}
        {isOnProfile ? null : (
          <MenuItem onClick={handleChangePassword}>
            <ListItemIcon>
              <LockResetOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Change Password</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={handleLogout}>
          <ListItemIcon>
            <LogoutOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      <ChangePasswordDialog
        isOpen={isChangePasswordOpen}
        onClose={() => setIsChangePasswordOpen(false)}
        onChanged={handlePasswordChanged}
      />
      <NoticeDialog isOpen={isPasswordChangedOpen} title={TEXT.passwordChangedTitle} onClose={() => setIsPasswordChangedOpen(false)} text={passwordChangedMessage} />
    </>
  );
}

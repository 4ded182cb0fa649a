import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HistoryEduOutlinedIcon from '@mui/icons-material/HistoryEduOutlined';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useMeQuery } from '../profile';

const SIDEBAR_WIDTH = 260;

interface AdminLink {
  label: string;
  to: string;
  icon: ReactNode;
}

export const ADMIN_LINKS: readonly AdminLink[] = [
  { label: 'People', to: '/admin/people', icon: <GroupOutlinedIcon /> },
  { label: 'Departments', to: '/admin/catalogs/departments', icon: <ApartmentOutlinedIcon /> },
  { label: 'Companies', to: '/admin/catalogs/companies', icon: <BusinessOutlinedIcon /> },
  { label: 'Purchase request types', to: '/admin/catalogs/purchase-request-types', icon: <CategoryOutlinedIcon /> },
  { label: 'Forms and access', to: '/admin/forms', icon: <LockPersonOutlinedIcon /> },
  { label: 'Approval chains', to: '/admin/chains', icon: <AccountTreeOutlinedIcon /> },
  { label: 'Stand-ins', to: '/admin/stand-ins', icon: <SwapHorizOutlinedIcon /> },
  { label: 'Reminders and overdue', to: '/admin/reminders', icon: <NotificationsActiveOutlinedIcon /> },
  { label: 'Requests export', to: '/admin/requests-export', icon: <DownloadOutlinedIcon /> },
  { label: 'Audit log', to: '/admin/audit-log', icon: <HistoryEduOutlinedIcon /> },
];

const currentLink = (pathname: string): AdminLink | undefined =>
  ADMIN_LINKS.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = currentLink(pathname);
  return (
    <List component="nav" aria-label="Administration" sx={{ px: 1 }}>
      {ADMIN_LINKS.map((link) => {
        const isSelected = link === current;
        return (
          <ListItemButton
            key={link.to}
            component={RouterLink}
            to={link.to}
            selected={isSelected}
            aria-current={isSelected ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ borderRadius: 2, mb: 0.5, minHeight: 44 }}
          >
            <ListItemIcon sx={{ minWidth: 40, color: isSelected ? 'primary.main' : undefined }}>{link.icon}</ListItemIcon>
            <ListItemText primary={link.label} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/**
 * /admin: the administration area, for people with admin_access only. To anyone else it
 * does not exist (the not-found page); the server refuses its calls with 403 anyway.
 */
export function AdminLayout() {
  const me = useMeQuery();
  const { pathname } = useLocation();
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  if (me.isPending) {
    return (
      <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (!me.data?.admin_access) return <Navigate to="/not-found" replace />;

  return (
    <Box sx={{ flex: 1, display: 'flex', minHeight: 0, minWidth: 0 }}>
      {isNarrow ? (
        <Drawer
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          slotProps={{ paper: { 'aria-label': 'Administration', sx: { width: SIDEBAR_WIDTH, pt: 1 } } }}
        >
          <Typography variant="overline" color="text.secondary" sx={{ px: 3, pt: 1 }}>
            Administration
          </Typography>
          <AdminNav onNavigate={() => setIsDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Box
          component="aside"
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowY: 'auto' }}
        >
          <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 3, pt: 1.5, pb: 0.5 }}>
            Administration
          </Typography>
          <Divider sx={{ mb: 1 }} />
          <AdminNav />
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        {isNarrow ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
            <IconButton aria-label="Open administration menu" onClick={() => setIsDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
              Administration{currentLink(pathname) ? ` · ${currentLink(pathname)!.label}` : ''}
            </Typography>
          </Box>
        ) : null}
        <Outlet />
      </Box>
    </Box>
  );
}

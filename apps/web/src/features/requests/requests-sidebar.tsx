import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RequestView } from './lib/requests-lib';

interface SidebarItem {
  label: string;
  view: RequestView;
  icon: ReactNode;
  /** Other views that keep this item selected. */
  alsoFor?: RequestView[];
  needsApprovalPage?: boolean;
}

const ITEMS: SidebarItem[] = [
  { label: 'My Forms', view: 'view-forms', icon: <DescriptionOutlinedIcon />, alsoFor: ['new-request'] },
  { label: 'My Requests', view: 'view-requests', icon: <AssignmentOutlinedIcon /> },
  { label: 'Approvals', view: 'view-approval-list', icon: <FactCheckOutlinedIcon />, needsApprovalPage: true },
  { label: 'Requests History', view: 'view-approval-history', icon: <HistoryOutlinedIcon />, needsApprovalPage: true },
  { label: 'Dashboard', view: 'dashboard', icon: <DashboardOutlinedIcon /> },
];

interface RequestsSidebarProps {
  current: RequestView | null;
  hasApprovalPage: boolean;
  isCollapsed: boolean;
  onNavigate?: () => void;
}

/** The requests area's links (001 §2 Sidebar); Approvals and History need approval_page. */
export function RequestsSidebar({ current, hasApprovalPage, isCollapsed, onNavigate }: RequestsSidebarProps) {
  return (
    <List component="nav" aria-label="Requests" sx={{ px: 1 }}>
      {ITEMS.filter((item) => !item.needsApprovalPage || hasApprovalPage).map((item) => {
        const isSelected = current === item.view || (current !== null && (item.alsoFor ?? []).includes(current));
        const link = (
          <ListItemButton
            key={item.view}
            component={RouterLink}
            to={`/requests?p=${item.view}`}
            selected={isSelected}
            aria-current={isSelected ? 'page' : undefined}
            aria-label={item.label}
            onClick={onNavigate}
            sx={{ borderRadius: 2, mb: 0.5, minHeight: 44, justifyContent: isCollapsed ? 'center' : 'flex-start' }}
          >
            <ListItemIcon sx={{ minWidth: isCollapsed ? 0 : 40, color: isSelected ? 'primary.main' : undefined }}>
              {item.icon}
            </ListItemIcon>
            {isCollapsed ? null : <ListItemText primary={item.label} slotProps={{ primary: { noWrap: true } }} />}
          </ListItemButton>
        );
        return isCollapsed ? (
          <Tooltip key={item.view} title={item.label} placement="right">
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </List>
  );
}

import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryErrorReport } from '../../lib/use-report-error';
import { usePagePermissionsQuery } from './api/queries';
import { DashboardView } from './dashboard/dashboard-view';
import { RequestDetailView } from './detail/request-detail-view';
import { NewRequestView } from './forms/new-request-view';
import { parsePositiveId, parseRequestView, type RequestView } from './lib/requests-lib';
import { ApprovalHistoryView, ApprovalListView } from './list/approval-views';
import { MyFormsView } from './list/my-forms-view';
import { MyRequestsView } from './list/my-requests-view';
import { RequestsSidebar } from './requests-sidebar';
import { CenteredSpinner, NoContentView } from './requests-ui';

const SIDEBAR_WIDTH = 248;
const SIDEBAR_COLLAPSED_WIDTH = 72;
const COLLAPSED_KEY = 'requests.sidebarCollapsed';

const readCollapsed = (): boolean => {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/** /requests: the requests area (001 §2). p picks the view and follows the address. */
export function RequestsPage() {
  const [searchParams] = useSearchParams();
  const view = parseRequestView(searchParams.get('p'));
  const permissions = usePagePermissionsQuery();
  useQueryErrorReport('PAGE_PERMISSIONS_ERROR', permissions.error, permissions.errorUpdatedAt);
  const hasApprovalPage = permissions.data?.approval_page ?? false;

  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [isCollapsed, setIsCollapsed] = useState(readCollapsed);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  const toggleCollapsed = () => {
    setIsCollapsed((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(COLLAPSED_KEY, String(next));
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return next;
    });
  };

  return (
    <Box className="requests-page" sx={{ flex: 1, display: 'flex', minHeight: 0, minWidth: 0 }}>
      {isNarrow ? (
        <Drawer
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          // The drawer is a dialog, and a dialog needs a name.
          slotProps={{ paper: { 'aria-label': 'Requests', sx: { width: SIDEBAR_WIDTH, pt: 1 } } }}
          className="no-print"
        >
          <Typography variant="overline" color="text.secondary" sx={{ px: 3, pt: 1 }}>
            Requests
          </Typography>
          <RequestsSidebar
            current={view}
            hasApprovalPage={hasApprovalPage}
            isCollapsed={false}
            onNavigate={() => setIsDrawerOpen(false)}
          />
        </Drawer>
      ) : (
        <Box
          component="aside"
          className="no-print"
          sx={{
            width: isCollapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            transition: 'width 150ms',
            overflowX: 'hidden',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: isCollapsed ? 'center' : 'space-between', px: 1, py: 1 }}>
            {isCollapsed ? null : (
              <Typography variant="overline" color="text.secondary" sx={{ pl: 2 }}>
                Requests
              </Typography>
            )}
            <IconButton
              aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!isCollapsed}
              onClick={toggleCollapsed}
              size="small"
            >
              {isCollapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
            </IconButton>
          </Box>
          <Divider />
          <RequestsSidebar current={view} hasApprovalPage={hasApprovalPage} isCollapsed={isCollapsed} />
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        {isNarrow ? (
          <Box className="no-print" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
            <IconButton aria-label="Open requests menu" onClick={() => setIsDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
            <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
              Requests
            </Typography>
          </Box>
        ) : null}
        <Box sx={{ flex: 1, p: { xs: 1.5, sm: 2, md: 3 }, minWidth: 0 }}>
          <RequestsContent
            view={view}
            searchParams={searchParams}
            hasApprovalPage={hasApprovalPage}
            isPermissionKnown={permissions.isSuccess || permissions.isError}
          />
        </Box>
      </Box>
    </Box>
  );
}

interface RequestsContentProps {
  view: RequestView | null;
  searchParams: URLSearchParams;
  hasApprovalPage: boolean;
  isPermissionKnown: boolean;
}

function RequestsContent({ view, searchParams, hasApprovalPage, isPermissionKnown }: RequestsContentProps) {
  switch (view) {
    case 'view-forms':
      return <MyFormsView />;
    case 'view-requests':
      return <MyRequestsView />;
    case 'new-request': {
      const formId = parsePositiveId(searchParams.get('f'));
      // copy_of: the denied request this one corrects (docs/DECISIONS.md, "Administration").
      const copyOf = parsePositiveId(searchParams.get('copy_of'));
      return <NewRequestView key={`${formId ?? 'none'}/${copyOf ?? ''}`} formId={formId} copyOf={copyOf} />;
    }
    case 'view-request-detail': {
      const type = searchParams.get('t') ?? '';
      const id = parsePositiveId(searchParams.get('r'));
      return <RequestDetailView key={`${type}/${id}`} type={type} id={id} returnUrl={searchParams.get('r_url')} />;
    }
    case 'view-approval-list':
    case 'view-approval-history':
      if (!isPermissionKnown) return <CenteredSpinner label="Loading page permissions" />;
      if (!hasApprovalPage) return <NoContentView />;
      return view === 'view-approval-list' ? <ApprovalListView /> : <ApprovalHistoryView />;
    case 'dashboard':
      return <DashboardView hasApprovalPage={hasApprovalPage} />;
    default:
      return <NoContentView />;
  }
}

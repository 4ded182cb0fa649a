import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { useMeQuery } from '../profile';
import { StandInsPanel } from './stand-ins-panel';

/** /stand-ins: an approver's (or an administrator's) own stand-ins. */
export function StandInsPage() {
  const me = useMeQuery();
  if (me.isPending) {
    return (
      <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  const user = me.data;
  if (!user || !(user.approval_page || user.admin_access)) return <Navigate to="/not-found" replace />;
  return (
    <Box sx={{ flex: 1, overflowY: 'auto' }}>
      <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 0.5 }}>
          Stand-ins
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The stand-ins you named, and those who named you.
        </Typography>
        <StandInsPanel viewer={{ id: user.id, isAdmin: user.admin_access }} scope="mine" />
      </Box>
    </Box>
  );
}

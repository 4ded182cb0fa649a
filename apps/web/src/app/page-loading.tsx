import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The light placeholder while a screen's code or the signed-in profile loads. */
export function PageLoading() {
  return (
    <Box role="status" aria-label="Loading" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

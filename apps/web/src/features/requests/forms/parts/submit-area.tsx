import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** 'Submit Request', replaced by a loader while the request is on its way (001 §4). */
export function SubmitArea({ isSubmitting }: { isSubmitting: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', pt: 1, minHeight: 44, alignItems: 'center' }}>
      {isSubmitting ? (
        <CircularProgress size={32} aria-label="Submitting request" />
      ) : (
        <Button type="submit" variant="contained" size="large" sx={{ width: { xs: '100%', sm: 'auto' } }}>
          Submit Request
        </Button>
      )}
    </Box>
  );
}

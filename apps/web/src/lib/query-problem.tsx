import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A list or record that could not be read: the server's sentence and a way to ask again. */
export function QueryProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}

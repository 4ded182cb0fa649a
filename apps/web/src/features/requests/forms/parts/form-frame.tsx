import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, type ReactNode, type SubmitEvent } from 'react';
import type { FormFrameState } from '../use-form-submit';
import { SubmitArea } from './submit-area';

interface FormFrameProps {
  /** The form's name, which names the <form> for screen readers. */
  name: string;
  form: { frame: FormFrameState };
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A form screen's <form>: its parts one under the other, then what is wrong (if a try was
 * refused) and 'Submit Request'. After a refused try the first field in red gets the focus,
 * scrolled into view (issue 17).
 */
export function FormFrame({ name, form, onSubmit, children }: FormFrameProps) {
  const { frameRef, isSubmitting, notice, refusals } = form.frame;
  useEffect(() => {
    if (refusals === 0) return;
    const first = frameRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [frameRef, refusals]);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    // The page checks and sends the request itself; the browser's own check is off (noValidate).
    event.preventDefault();
    onSubmit();
  };
  return (
    <Stack component="form" ref={frameRef} noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      {children}
      {notice === null ? null : (
        <Alert severity="error" role="alert">
          {notice}
        </Alert>
      )}
      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import type { ReactNode, SubmitEvent } from 'react';
import { SubmitArea } from './submit-area';

interface FormFrameProps {
  /** The form's name, which names the <form> for screen readers. */
  name: string;
  isSubmitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** A form screen's <form>: its parts one under the other, then 'Submit Request'. */
export function FormFrame({ name, isSubmitting, onSubmit, children }: FormFrameProps) {
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    // The page checks and sends the request itself; the browser's own check is off (noValidate).
    event.preventDefault();
    onSubmit();
  };
  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      {children}
      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

import { setPasswordBodySchema, type Person } from '@ichat/shared';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PasswordField } from '../../../lib/password-field';
import { useSetPasswordMutation } from '../api/mutations';
import { AdminDialog } from '../ui/admin-dialog';
import { firstProblem } from '../ui/field-problems';
import { SecretField } from '../ui/secret-field';

interface TemporaryPasswordDialogProps {
  person: Person | null;
  onClose: () => void;
}

/**
 * Set a temporary password: typed, or made by the server when none is sent. The answer is
 * shown once, here; the person is signed out everywhere and must change it at sign-in.
 */
export function TemporaryPasswordDialog({ person, onClose }: TemporaryPasswordDialogProps) {
  return person ? <TemporaryPasswordForm person={person} onClose={onClose} /> : null;
}

function TemporaryPasswordForm({ person, onClose }: { person: Person; onClose: () => void }) {
  const setPassword = useSetPasswordMutation();
  const [choice, setChoice] = useState<'generate' | 'type'>('generate');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const answer = setPassword.data;

  if (answer) {
    return (
      <AdminDialog isOpen title={`Temporary Password for ${person.display_name}`} onClose={onClose} maxWidth="xs">
        <Alert severity="success">{answer.message}</Alert>
        <SecretField label="Temporary password" value={answer.password} />
        <Typography variant="body2" color="text.secondary">
          It is shown only this once. Give it to {person.display_name} in person or by phone; they must choose their own when they
          sign in.
        </Typography>
      </AdminDialog>
    );
  }

  const handleSubmit = () => {
    const body = choice === 'type' ? { password: typed } : {};
    const parsed = setPasswordBodySchema.safeParse(body);
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    setProblem(null);
    setPassword.mutate({ id: person.id, ...(choice === 'type' ? { password: typed } : {}) }, { onError: (error) => setProblem(error.message) });
  };

  return (
    <AdminDialog
      isOpen
      title={`Set a Temporary Password for ${person.display_name}`}
      onClose={onClose}
      submitLabel="Set Password"
      onSubmit={handleSubmit}
      isPending={setPassword.isPending}
      problem={problem}
      maxWidth="xs"
    >
      <Typography color="text.secondary">
        {person.display_name} is signed out everywhere and must change the password at the next sign-in.
      </Typography>
      <RadioGroup aria-label="Password" value={choice} onChange={(event) => setChoice(event.target.value === 'type' ? 'type' : 'generate')}>
        <FormControlLabel value="generate" control={<Radio />} label="Make one for me" />
        <FormControlLabel value="type" control={<Radio />} label="I will type one" />
      </RadioGroup>
      {choice === 'type' ? (
        <PasswordField label="Temporary password" autoComplete="new-password" value={typed} onChange={(event) => setTyped(event.target.value)} autoFocus />
      ) : null}
    </AdminDialog>
  );
}

import { adminEditUserBodySchema, createUserBodySchema, type CreateUserBody, type Person } from '@ichat/shared';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { PasswordField } from '../../../lib/password-field';
import { useCatalogQuery } from '../api/queries';
import { useCreateUserMutation, useUpdateUserMutation } from '../api/mutations';
import { AdminDialog } from '../ui/admin-dialog';
import { firstProblem, problemsByField } from '../ui/field-problems';
import { EMPTY_PERSON, changedFields, fieldsOf, type PersonFields } from './person-fields';
import { makeTemporaryPassword } from './temporary-password';

interface PersonDialogProps {
  isOpen: boolean;
  /** null: a new person. */
  person: Person | null;
  onClose: () => void;
  /** The server's sentence once saved. */
  onSaved: (message: string) => void;
}

export function PersonDialog(props: PersonDialogProps) {
  // Mounted afresh for each opening, so the fields start from the person as listed.
  return props.isOpen ? <PersonForm {...props} /> : null;
}

function PersonForm({ person, onClose, onSaved }: PersonDialogProps) {
  const isNew = person === null;
  const departments = useCatalogQuery('departments');
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const [fields, setFields] = useState<PersonFields>(person ? fieldsOf(person) : EMPTY_PERSON);
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  // Retired departments leave the choices, but a person still in one keeps it.
  const departmentChoices = (departments.data ?? []).filter((entry) => !entry.retired || entry.name === person?.department).map((entry) => entry.name);

  const set = <Key extends keyof PersonFields>(key: Key, value: PersonFields[Key]) => setFields((previous) => ({ ...previous, [key]: value }));

  const fail = (error: Error) => setProblem(error.message);

  /** Says each field's problem and the first one at the top; true when the body may be sent. */
  const isValid = (schema: typeof createUserBodySchema | typeof adminEditUserBodySchema, body: unknown) => {
    const parsed = schema.safeParse(body);
    setFieldProblems(parsed.success ? {} : problemsByField(parsed.error));
    setProblem(parsed.success ? null : firstProblem(parsed.error));
    return parsed.success;
  };

  const handleSubmit = () => {
    if (isNew) {
      const body: CreateUserBody = {
        first_name: fields.first_name,
        last_name: fields.last_name,
        email_address: fields.email_address,
        username: fields.username,
        department: fields.department,
        admin_access: fields.admin_access,
        approval_page: fields.approval_page,
        password: fields.password,
      };
      if (!isValid(createUserBodySchema, body)) return;
      create.mutate(body, { onSuccess: ({ message }) => onSaved(message), onError: fail });
      return;
    }
    const body = changedFields(person, fields);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    if (!isValid(adminEditUserBodySchema, body)) return;
    update.mutate({ id: person.id, body }, { onSuccess: ({ message }) => onSaved(message), onError: fail });
  };

  const text = (key: Exclude<keyof PersonFields, 'admin_access' | 'approval_page' | 'password' | 'department'>, label: string, autoComplete = 'off') => (
    <TextField
      label={label}
      value={fields[key]}
      onChange={(event) => set(key, event.target.value)}
      error={fieldProblems[key] !== undefined}
      helperText={fieldProblems[key]}
      autoComplete={autoComplete}
    />
  );

  return (
    <AdminDialog
      isOpen
      title={isNew ? 'Add a Person' : `Edit ${person.display_name}`}
      onClose={onClose}
      submitLabel={isNew ? 'Add Person' : 'Save Changes'}
      onSubmit={handleSubmit}
      isPending={create.isPending || update.isPending}
      problem={problem}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('first_name', 'First name')}
        {text('last_name', 'Last name')}
      </Stack>
      {isNew ? null : text('display_name', 'Display name')}
      {text('email_address', 'Email address')}
      {text('username', 'Username')}
      <TextField
        select
        label="Department"
        value={departmentChoices.includes(fields.department) ? fields.department : ''}
        onChange={(event) => set('department', event.target.value)}
        error={fieldProblems['department'] !== undefined}
        helperText={fieldProblems['department'] ?? (departments.isError ? departments.error.message : undefined)}
      >
        {departmentChoices.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <FormGroup>
        <FormControlLabel
          label="Approver (may see the approvals pages)"
          control={<Checkbox checked={fields.approval_page} onChange={(event) => set('approval_page', event.target.checked)} />}
        />
        <FormControlLabel
          label="Administrator"
          control={<Checkbox checked={fields.admin_access} onChange={(event) => set('admin_access', event.target.checked)} />}
        />
      </FormGroup>
      {isNew ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <PasswordField
            label="Initial password"
            autoComplete="new-password"
            value={fields.password}
            onChange={(event) => set('password', event.target.value)}
            error={fieldProblems['password'] !== undefined}
            helperText={fieldProblems['password'] ?? 'They must change it at their first sign-in.'}
          />
          <Button onClick={() => set('password', makeTemporaryPassword())} sx={{ mt: 1, flexShrink: 0 }}>
            Make one
          </Button>
        </Stack>
      ) : null}
    </AdminDialog>
  );
}

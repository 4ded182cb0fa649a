import type { AdminEditUserBody, Person } from '@ichat/shared';

/** The person dialog's fields, as typed. */
export interface PersonFields {
  first_name: string;
  last_name: string;
  display_name: string;
  email_address: string;
  username: string;
  department: string;
  admin_access: boolean;
  approval_page: boolean;
  password: string;
}

export const EMPTY_PERSON: PersonFields = {
  first_name: '',
  last_name: '',
  display_name: '',
  email_address: '',
  username: '',
  department: '',
  admin_access: false,
  approval_page: false,
  password: '',
};

export const fieldsOf = (person: Person): PersonFields => ({
  first_name: person.first_name,
  last_name: person.last_name,
  display_name: person.display_name,
  email_address: person.email_address,
  username: person.username,
  department: person.department ?? '',
  admin_access: person.admin_access,
  approval_page: person.approval_page,
  password: '',
});

/** What an edit changes: only the fields that differ from the person as listed. */
export const changedFields = (person: Person, fields: PersonFields): AdminEditUserBody => {
  const before = fieldsOf(person);
  const body: Record<string, string | boolean> = {};
  for (const key of ['first_name', 'last_name', 'display_name', 'email_address', 'username', 'department', 'admin_access', 'approval_page'] as const) {
    const value = typeof fields[key] === 'string' ? (fields[key] as string).trim() : fields[key];
    if (value !== before[key]) body[key] = value;
  }
  return body as AdminEditUserBody;
};

import type { Person } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { changedFields } from './person-fields';
import { makeTemporaryPassword } from './temporary-password';

const person: Person = {
  id: 7,
  first_name: 'Ana',
  last_name: 'Reyes',
  display_name: 'Ana Reyes',
  email_address: 'ana.reyes@demo.local',
  username: 'ana.reyes',
  department: 'Finance',
  admin_access: false,
  approval_page: true,
  is_active: true,
  must_change_password: false,
  last_online: null,
  createdAt: '2026-01-05T00:00:00.000Z',
};
const fields = { ...person, department: 'Finance', password: '' };

describe('changedFields', () => {
  it('sends only what changed, trimmed', () => {
    expect(changedFields(person, fields)).toEqual({});
    expect(changedFields(person, { ...fields, display_name: ' Ana R. ', approval_page: false })).toEqual({ display_name: 'Ana R.', approval_page: false });
  });
});

describe('makeTemporaryPassword', () => {
  it('makes 14 characters no one misreads, different each time', () => {
    const passwords = Array.from({ length: 50 }, makeTemporaryPassword);
    for (const password of passwords) expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{14}$/);
    expect(new Set(passwords).size).toBe(50);
  });
});

/** Rows written straight into the database by tests of the data layer. */
import { lookupKey } from '../db/values.js';

/** A user row with every required column, named `name`; `extra` sets or overrides columns. */
export const newUserRow = (name: string, extra: Record<string, unknown> = {}) => ({
  email_address: `${name}@example.test`,
  email_key: lookupKey(`${name}@example.test`),
  username: name,
  username_key: lookupKey(name),
  first_name: name,
  last_name: 'Test',
  display_name: name,
  department_id: null,
  password_hash: 'x',
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
  ...extra,
});

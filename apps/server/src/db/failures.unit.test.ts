import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull } from './failures.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('the server\'s own trouble, told apart (db/failures.ts)', () => {
  it('knows a database that does not answer', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('knows a full disk', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) expect(isStorageFull(withCode(code))).toBe(true);
  });

  it('leaves everything else to the 500', () => {
    for (const error of [withCode('23505'), withCode('SQLITE_CONSTRAINT_UNIQUE'), withCode('SQLITE_BUSY'), new Error('boom'), 'text', null, undefined]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isStorageFull(error)).toBe(false);
    }
  });
});

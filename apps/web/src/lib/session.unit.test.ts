import { describe, expect, it } from 'vitest';
import { parseStoredUser } from './session';

describe('parseStoredUser', () => {
  it('keeps only id and display_name', () => {
    expect(parseStoredUser('{"id":7,"display_name":"Maria Santos","email":"x@y"}')).toEqual({
      id: 7,
      display_name: 'Maria Santos',
    });
  });

  it('rejects missing, malformed or wrongly typed values', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('not json')).toBeNull();
    expect(parseStoredUser('null')).toBeNull();
    expect(parseStoredUser('{"id":"7","display_name":"Maria"}')).toBeNull();
    expect(parseStoredUser('{"id":7}')).toBeNull();
  });
});

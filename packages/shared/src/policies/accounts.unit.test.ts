import { describe, expect, it } from 'vitest';
import { TEXT } from '../texts.js';
import { ACCOUNT_REFUSALS, canAdminister, canChangeAccess } from './accounts.js';
import { isAllowed, refusal, type Verdict } from './refusal.js';

describe('accounts policy', () => {
  it.each<[boolean, Verdict]>([
    [true, null],
    [false, refusal('forbidden', TEXT.permissionDenied)],
  ])('canAdminister with admin access %s', (isAdmin, verdict) => {
    expect(canAdminister({ isAdmin })).toEqual(verdict);
  });

  it.each<[string, number, { is_active?: boolean; admin_access?: boolean }, Verdict]>([
    ['deactivating someone else', 2, { is_active: false }, null],
    ['removing someone else’s admin access', 2, { admin_access: false }, null],
    ['deactivating oneself', 1, { is_active: false }, refusal('invalid', ACCOUNT_REFUSALS.deactivateSelf)],
    ['removing one’s own admin access', 1, { admin_access: false }, refusal('invalid', ACCOUNT_REFUSALS.demoteSelf)],
    ['reactivating oneself (a no-op)', 1, { is_active: true }, null],
    ['granting oneself admin access (a no-op)', 1, { admin_access: true }, null],
  ])('canChangeAccess: %s', (_case, target, changes, verdict) => {
    expect(canChangeAccess(1, target, changes)).toEqual(verdict);
  });

  it('isAllowed reads a verdict', () => {
    expect(isAllowed(null)).toBe(true);
    expect(isAllowed(refusal('conflict', 'No.'))).toBe(false);
  });
});

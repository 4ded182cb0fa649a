import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('lists only the fields of a record that changed', () => {
    expect(auditChanges({ first_name: 'Ana', is_active: true }, { first_name: 'Ana', is_active: false })).toEqual([
      { field: 'is_active', before: 'true', after: 'false' },
    ]);
  });

  it('shows a record created or removed field by field', () => {
    expect(auditChanges(null, { name: 'Logistics', retired: false })).toEqual([
      { field: 'name', before: '—', after: 'Logistics' },
      { field: 'retired', before: '—', after: 'false' },
    ]);
    expect(auditChanges({ name: 'Logistics' }, null)).toEqual([{ field: 'name', before: 'Logistics', after: '—' }]);
  });

  it('shows anything else whole, and nothing when there is nothing', () => {
    expect(auditChanges([1, 2], [1, 2, 3])).toEqual([{ field: 'value', before: '[1,2]', after: '[1,2,3]' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});

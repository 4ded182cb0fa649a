import { describe, expect, it } from 'vitest';
import { startValues, type FieldList } from './form-fields';

describe('the values a described form starts from', () => {
  it('starts texts, choices and dates empty, boxes unticked, and holds no files or figures', () => {
    type Values = { name: string; kind: string; day: string; urgent: boolean };
    const fields: FieldList<Values> = [
      { kind: 'text', name: 'name', label: 'Name', maxLength: 10 },
      { kind: 'select', name: 'kind', label: 'Kind', options: ['a', 'b'] },
      { kind: 'date', name: 'day', label: 'Day' },
      { kind: 'checkbox', name: 'urgent', label: 'Urgent' },
      { kind: 'files', name: 'attachments', label: 'Files' },
      { kind: 'computed', label: 'Total', value: () => '0' },
    ];
    expect(startValues(fields)).toEqual({ name: '', kind: '', day: '', urgent: false });
  });

  it('takes a field’s own start where it has one (a date two days ahead, a default choice)', () => {
    const fields: FieldList<{ day: string; type: string }> = [
      { kind: 'date', name: 'day', label: 'Day', initial: () => '2026-05-06' },
      { kind: 'select', name: 'type', label: 'Type', options: ['Whole Day'], initial: () => 'Whole Day' },
    ];
    expect(startValues(fields)).toEqual({ day: '2026-05-06', type: 'Whole Day' });
  });
});

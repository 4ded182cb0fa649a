/** Offsetting Form: extended-hours rows, total hours, date and type of offset (001 §2, §5). */
import { ACCUMULATED_HOURS, DEFAULT_ACCUMULATED_HOURS, DEFAULT_OFFSET_TYPE, OFFSET_TYPES } from '@ichat/shared';
import { defaultFormDate } from '../lib/dates';
import { offsetPayload, offsetProblems, totalHours, type OffsetRow, type OffsetValues } from '../lib/payloads';
import { offsetStartValues } from '../lib/start-values';
import { RowsSection, useDynamicRows } from '../parts/dynamic-rows';
import { FormFields, type FieldList } from '../parts/form-fields';
import { FormFrame } from '../parts/form-frame';
import type { FormScreenProps } from '../use-form-submit';
import { splitRows, useCopyStart, useRequestForm } from '../use-request-form';

const newRow = (key: string): OffsetRow => ({ key, date: '', accumulatedHrs: DEFAULT_ACCUMULATED_HOURS });

const EXTENDED_HOURS: FieldList<OffsetRow> = [
  { kind: 'date', name: 'date', label: 'Date of Extended Hours', isRequired: true },
  { kind: 'select', name: 'accumulatedHrs', label: 'Accumulated Hours', options: ACCUMULATED_HOURS.map(String), placeholder: null, isRequired: true },
];

export function OffsettingForm({ details, ...screen }: FormScreenProps) {
  const start = splitRows(useCopyStart(screen.copyOf, offsetStartValues));
  const extended = useDynamicRows(newRow, 1, start.rows);
  const { rows } = extended;
  const offset: FieldList<Omit<OffsetValues, 'rows'>> = [
    { kind: 'computed', label: 'Total Hours', value: () => String(totalHours(rows)) },
    { kind: 'date', name: 'dateOffset', label: 'Date of Offset', initial: defaultFormDate, isRequired: true },
    { kind: 'select', name: 'typeOffset', label: 'Type of Offset', options: OFFSET_TYPES, placeholder: null, initial: () => DEFAULT_OFFSET_TYPE, isRequired: true },
  ];
  const form = useRequestForm('offsetting', screen, offset, {}, start.values);

  const handleSubmit = () => {
    const values = { ...form.values, rows };
    // Offset is the one form sent as plain JSON.
    form.submit(offsetProblems(values), () => offsetPayload(values));
  };

  return (
    <FormFrame name={details.name} form={form} onSubmit={handleSubmit}>
      <RowsSection form={form} list="offsettingRows" heading="Extended Hours" rowTitle="Extended hours" rows={extended} fields={EXTENDED_HOURS} />
      <FormFields fields={offset} binding={form.binding} columns={3} />
    </FormFrame>
  );
}

/** Offsetting Form: extended-hours rows, total hours, date and type of offset (001 §2, §5). */
import { ACCUMULATED_HOURS, DEFAULT_ACCUMULATED_HOURS, DEFAULT_OFFSET_TYPE, OFFSET_TYPES } from '@ichat/shared';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { defaultFormDate } from '../lib/dates';
import { offsetPayload, offsetProblems, totalHours, type OffsetRow } from '../lib/payloads';
import { RowsSection, useDynamicRows } from '../parts/dynamic-rows';
import { DateInput, ReadOnlyInput, SelectInput } from '../parts/fields';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

const newRow = (key: string): OffsetRow => ({ key, date: '', accumulatedHrs: DEFAULT_ACCUMULATED_HOURS });
const HOUR_OPTIONS = ACCUMULATED_HOURS.map((hours) => ({ value: String(hours), label: String(hours) }));

export function OffsettingForm({ name, ...screen }: FormScreenProps & { name: string }) {
  const { submit, isSubmitting, problems, clearProblem, resetProblems } = useFormSubmit('offsetting', screen);
  const extended = useDynamicRows(newRow);
  const [dateOffset, setDateOffset] = useState(defaultFormDate);
  const [typeOffset, setTypeOffset] = useState<string>(DEFAULT_OFFSET_TYPE);
  const { rows } = extended;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { rows, dateOffset, typeOffset };
    // Offset is the one form sent as plain JSON.
    submit(offsetProblems(values), () => offsetPayload(values));
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      <RowsSection
        heading="Extended Hours"
        rowTitle="Extended hours"
        rows={extended}
        onRemoved={resetProblems}
        isDisabled={isSubmitting}
        renderRow={(row, index) => (
          <FieldGrid>
            <DateInput
              label="Date of Extended Hours"
              value={row.date}
              onChange={(date) => {
                extended.update(index, { date });
                clearProblem(`offsettingRows.${index}.date`);
              }}
              isRequired
              hasProblem={problems.has(`offsettingRows.${index}.date`)}
            />
            <SelectInput
              label="Accumulated Hours"
              value={String(row.accumulatedHrs)}
              onChange={(value) => extended.update(index, { accumulatedHrs: Number(value) || DEFAULT_ACCUMULATED_HOURS })}
              options={HOUR_OPTIONS}
              placeholder={null}
              isRequired
            />
          </FieldGrid>
        )}
      />

      <FieldGrid columns={3}>
        <ReadOnlyInput label="Total Hours" value={String(totalHours(rows))} />
        <DateInput
          label="Date of Offset"
          value={dateOffset}
          onChange={(value) => {
            setDateOffset(value);
            clearProblem('dateOffset');
          }}
          isRequired
          hasProblem={problems.has('dateOffset')}
        />
        <SelectInput
          label="Type of Offset"
          value={typeOffset}
          onChange={(value) => {
            setTypeOffset(value);
            clearProblem('typeOffset');
          }}
          options={OFFSET_TYPES}
          placeholder={null}
          isRequired
          hasProblem={problems.has('typeOffset')}
        />
      </FieldGrid>

      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

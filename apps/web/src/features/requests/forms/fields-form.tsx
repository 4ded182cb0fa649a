/**
 * A form made only of fields, no repeating rows (prospecting, explain-why, ccar, so-lo): its
 * screen lists the fields, and this draws them, checks them and files the request.
 */
import { manilaToday } from './lib/dates';
import type { FieldsFormRules } from './lib/payloads';
import type { FiledRequest } from './lib/start-values';
import { FormFields, type FieldList } from './parts/form-fields';
import { FormFrame } from './parts/form-frame';
import type { FormScreenProps } from './use-form-submit';
import { useCopyStart, useRequestForm } from './use-request-form';

interface FieldsFormProps<V> extends FormScreenProps {
  rules: FieldsFormRules<V>;
  /** The form's values read back from the denied request a corrected copy is filed from. */
  startFrom: (request: FiledRequest, today: string) => V;
  /** Grids of fields, one under the other. */
  grids: readonly { columns?: 2 | 3; fields: FieldList<V> }[];
}

export function FieldsForm<V extends object>({ rules, startFrom, grids, details, ...screen }: FieldsFormProps<V>) {
  const { type, names, problems, payload } = rules;
  const start = useCopyStart(screen.copyOf, (request) => startFrom(request, manilaToday()));
  const form = useRequestForm(
    type,
    screen,
    grids.flatMap((grid) => grid.fields),
    names,
    start,
  );
  const handleSubmit = () => form.send(problems(form.values), () => ({ data: payload(form.values) }));
  return (
    <FormFrame name={details.name} form={form} onSubmit={handleSubmit}>
      {grids.map((grid, index) => (
        <FormFields key={index} fields={grid.fields} binding={form.binding} columns={grid.columns} />
      ))}
    </FormFrame>
  );
}

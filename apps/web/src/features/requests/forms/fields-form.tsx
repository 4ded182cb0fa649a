/**
 * A form made only of fields, no repeating rows (prospecting, explain-why, ccar, so-lo): its
 * screen lists the fields, and this draws them, checks them and files the request.
 */
import type { FieldsFormRules } from './lib/payloads';
import { FormFields, type FieldList } from './parts/form-fields';
import { FormFrame } from './parts/form-frame';
import type { FormScreenProps } from './use-form-submit';
import { useRequestForm } from './use-request-form';

interface FieldsFormProps<V> extends FormScreenProps {
  rules: FieldsFormRules<V>;
  /** Grids of fields, one under the other. */
  grids: readonly { columns?: 2 | 3; fields: FieldList<V> }[];
}

export function FieldsForm<V extends object>({ rules, grids, details, ...screen }: FieldsFormProps<V>) {
  const { type, names, problems, payload } = rules;
  const form = useRequestForm(
    type,
    screen,
    grids.flatMap((grid) => grid.fields),
    names,
  );
  const handleSubmit = () => form.send(problems(form.values), () => ({ data: payload(form.values) }));
  return (
    <FormFrame name={details.name} isSubmitting={form.isSubmitting} onSubmit={handleSubmit}>
      {grids.map((grid, index) => (
        <FormFields key={index} fields={grid.fields} binding={form.binding} columns={grid.columns} />
      ))}
    </FormFrame>
  );
}

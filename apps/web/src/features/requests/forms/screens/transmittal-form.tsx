/** Transmittal Form (001 §2, §3): receiver, received items, running total, signature. */
import { formatCentavos, lineCostCentavos, priceProblem, quantityProblem, totalCentavos } from '../lib/amounts';
import { transmittalPayload, transmittalProblems, type TransmittalRow, type TransmittalValues } from '../lib/payloads';
import { transmittalStartValues } from '../lib/start-values';
import { RowsSection, useDynamicRows } from '../parts/dynamic-rows';
import { TotalInput } from '../parts/fields';
import { FormField, FormFields, type FieldList, type FieldSpec } from '../parts/form-fields';
import { FormFrame } from '../parts/form-frame';
import type { FormScreenProps } from '../use-form-submit';
import { splitRows, useCopyStart, useRequestForm } from '../use-request-form';

type Receiver = Omit<TransmittalValues, 'rows'>;

const newRow = (key: string): TransmittalRow => ({ key, description: '', quantity: '', price: '', remarks: '' });

const RECEIVER: FieldList<Receiver> = [{ kind: 'text', name: 'receiver', label: 'Receiver', maxLength: 200, isRequired: true }];

const ITEM_FIELDS: FieldList<TransmittalRow> = [
  { kind: 'text', name: 'description', label: 'Received Items', maxLength: 2000, isRequired: true, isWide: true },
  { kind: 'number', name: 'quantity', label: 'Quantity', isRequired: true, check: quantityProblem },
  { kind: 'number', name: 'price', label: 'Amount', isPeso: true, check: (value) => priceProblem(value, 'Amount') },
  { kind: 'text', name: 'remarks', label: 'Remarks', maxLength: 2000, isDouble: true },
];

const SIGNATURE: FieldSpec<Receiver> = { kind: 'images', name: 'transmittal_file', label: "Receiver's Signature" };

export function TransmittalForm({ details, ...screen }: FormScreenProps) {
  const start = splitRows(useCopyStart(screen.copyOf, transmittalStartValues));
  const form = useRequestForm('transmittal', screen, [...RECEIVER, SIGNATURE], {}, start.values);
  const items = useDynamicRows(newRow, 1, start.rows);
  const { rows } = items;
  const total = totalCentavos(rows.map((row) => lineCostCentavos(row.quantity, row.price)));

  const handleSubmit = () => {
    const values = { ...form.values, rows };
    form.send(transmittalProblems(values), () => ({ data: transmittalPayload(values) }));
  };

  return (
    <FormFrame name={details.name} form={form} onSubmit={handleSubmit}>
      <FormFields fields={RECEIVER} binding={form.binding} />
      <RowsSection form={form} list="transmittals" heading="Items" rowTitle="Item" rows={items} fields={ITEM_FIELDS} columns={4} />
      <TotalInput label="Total Estimated Cost" value={formatCentavos(total)} />
      <FormField field={SIGNATURE} binding={form.binding} />
    </FormFrame>
  );
}

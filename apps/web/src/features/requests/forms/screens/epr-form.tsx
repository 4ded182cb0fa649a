/** Electronic Purchase Requisition (001 §2, §3, §5). */
import { formatCentavos, lineCostCentavos, priceProblem, quantityProblem, totalCentavos } from '../lib/amounts';
import { defaultFormDate, manilaToday } from '../lib/dates';
import { EPR_NAMES, eprFiles, eprPayload, eprProblems, type EprRow, type EprValues } from '../lib/payloads';
import { eprStartValues } from '../lib/start-values';
import { RowsSection, useDynamicRows } from '../parts/dynamic-rows';
import { TotalInput } from '../parts/fields';
import { FormFields, type FieldList } from '../parts/form-fields';
import { FormFrame } from '../parts/form-frame';
import type { FormDetails, FormScreenProps } from '../use-form-submit';
import { splitRows, useCopyStart, useRequestForm } from '../use-request-form';

const newRow = (key: string): EprRow => ({ key, description: '', remarks: '', quantity: '', price: '', files: [] });

/** A list the server keeps (companies, purchase types) as choices whose value is the id. */
const choicesOf = (items: readonly { id: number; name: string }[]) => items.map((item) => ({ value: String(item.id), label: item.name }));

const headerFields = (details: FormDetails): FieldList<Omit<EprValues, 'rows'>> => [
  { kind: 'select', name: 'companyId', label: 'Company', options: choicesOf(details.companies), placeholder: 'Select company', isRequired: true },
  { kind: 'text', name: 'recommendedSupplier', label: 'Recommended Supplier', maxLength: 200 },
  {
    kind: 'select',
    name: 'purchaseRequestId',
    label: 'Type of Purchase Request',
    options: choicesOf(details.purchase_request_types),
    placeholder: 'Select type',
    isRequired: true,
  },
  { kind: 'date', name: 'dateNeeded', label: 'Date Needed', initial: defaultFormDate, isRequired: true },
  { kind: 'checkbox', name: 'urgent', label: 'Urgent', isWide: true },
];

export function EprForm({ details, ...screen }: FormScreenProps) {
  const header = headerFields(details);
  const start = splitRows(useCopyStart(screen.copyOf, (request) => eprStartValues(request, details, manilaToday())));
  const form = useRequestForm('epr', screen, header, EPR_NAMES, start.values);
  const requisitions = useDynamicRows(newRow, 1, start.rows);
  const { rows } = requisitions;

  // Cost and total follow each keystroke (issue 17; docs/DECISIONS.md, "Forms say what to fix"):
  // integer arithmetic on at most 50 rows costs nothing worth a pause.
  const costByKey = new Map(rows.map((row) => [row.key, lineCostCentavos(row.quantity, row.price)]));
  const total = totalCentavos([...costByKey.values()]);

  const requisitionFields: FieldList<EprRow> = [
    { kind: 'text', name: 'description', label: 'Description', maxLength: 2000, isRequired: true, isWide: true },
    { kind: 'number', name: 'quantity', label: 'Quantity', isRequired: true, check: quantityProblem },
    { kind: 'number', name: 'price', label: 'Estimated Price', isPeso: true, check: (value) => priceProblem(value) },
    { kind: 'computed', label: 'Cost', value: (row) => formatCentavos(costByKey.get(row.key) ?? 0) },
    { kind: 'text', name: 'remarks', label: 'Remarks', maxLength: 2000 },
    { kind: 'files', name: 'attachments', label: 'Attachments', isWide: true },
  ];

  const handleSubmit = () => {
    const values = { ...form.values, rows };
    form.send(eprProblems(values), () => ({ data: eprPayload(values), files: eprFiles(values) }));
  };

  return (
    <FormFrame name={details.name} form={form} onSubmit={handleSubmit}>
      <FormFields fields={header} binding={form.binding} />
      <RowsSection form={form} list="requisitions" heading="Requisitions" rowTitle="Requisition" rows={requisitions} fields={requisitionFields} columns={4} />
      <TotalInput label="Total Cost" value={formatCentavos(total)} />
    </FormFrame>
  );
}

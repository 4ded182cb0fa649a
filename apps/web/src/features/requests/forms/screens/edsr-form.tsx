/**
 * Electronic Daily Sales Report (001 §2): a Visit and a Call list of rows, each with proof
 * files, and a signature. The original's submit did nothing; this one files the report.
 */
import { edsrProblems, edsrSubmission, SALES_ROW_NAMES, type SalesRow } from '../lib/payloads';
import { edsrStartValues } from '../lib/start-values';
import { RowsSection, useDynamicRows } from '../parts/dynamic-rows';
import { FormField, type FieldList, type FieldSpec } from '../parts/form-fields';
import { FormFrame } from '../parts/form-frame';
import type { FormScreenProps } from '../use-form-submit';
import { useCopyStart, useRequestForm } from '../use-request-form';

const newRow = (key: string): SalesRow => ({ key, companyName: '', comments: '', actionToBeDone: '', order: '', files: [] });

/** A visit or a call; `proof` is the row files' prefix. */
const salesFields = (proof: string, proofLabel: string): FieldList<SalesRow> => [
  { kind: 'text', name: 'companyName', label: 'Company Name', maxLength: 200, isRequired: true, isWide: true },
  { kind: 'textarea', name: 'comments', label: 'Comments', minRows: 2, maxLength: 2000 },
  { kind: 'textarea', name: 'actionToBeDone', label: 'Action To Be Done', minRows: 2, maxLength: 2000 },
  { kind: 'text', name: 'order', label: 'Order', maxLength: 2000 },
  { kind: 'files', name: proof, label: proofLabel },
];
const VISIT_FIELDS = salesFields('visit_proof', 'Proof of Visit');
const CALL_FIELDS = salesFields('call_proof', 'Proof of Call');

const SIGNATURE: FieldSpec<object> = { kind: 'images', name: 'signature', label: 'Signature' };

export function EdsrForm({ details, ...screen }: FormScreenProps) {
  const form = useRequestForm('edsr', screen, [SIGNATURE]);
  const start = useCopyStart(screen.copyOf, edsrStartValues);
  // Either list may be emptied: a day can have only visits or only calls.
  const visits = useDynamicRows(newRow, 0, start?.visits ?? null);
  const calls = useDynamicRows(newRow, 0, start?.calls ?? null);

  const handleSubmit = () => {
    const values = { visits: visits.rows, calls: calls.rows };
    form.send(edsrProblems(values), () => edsrSubmission(values));
  };

  return (
    <FormFrame name={details.name} form={form} onSubmit={handleSubmit}>
      <RowsSection form={form} list="visits" names={SALES_ROW_NAMES} heading="Visit" rowTitle="Visit" noun="Visit" rows={visits} fields={VISIT_FIELDS} />
      <RowsSection form={form} list="calls" names={SALES_ROW_NAMES} heading="Call" rowTitle="Call" noun="Call" rows={calls} fields={CALL_FIELDS} />
      <FormField field={SIGNATURE} binding={form.binding} />
    </FormFrame>
  );
}

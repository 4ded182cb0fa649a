/** Electronic Purchase Requisition (001 §2, §3, §5). */
import {
  FORM_FILE_FIELDS,
  LINE_COST_DEBOUNCE_MS,
  TOTAL_REFRESH_DEBOUNCE_MS,
  type formDetailResponseSchema,
} from '@ichat/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useMemo, useState, type SubmitEvent } from 'react';
import { formatCentavos, lineCostCentavos, totalCentavos } from '../lib/amounts';
import { defaultFormDate } from '../lib/dates';
import { fileParts, multipartBody } from '../lib/multipart';
import { eprFiles, eprPayload, eprProblems, type EprRow } from '../lib/payloads';
import { RowsSection, useDynamicRows } from '../parts/dynamic-rows';
import { CheckboxInput, DateInput, NumberInput, ReadOnlyInput, SelectInput, TextInput } from '../parts/fields';
import { FilePicker } from '../parts/file-picker';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useDebouncedValue } from '../use-debounced-value';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

type FormDetails = ReturnType<typeof formDetailResponseSchema.parse>['form_details'];

const ATTACHMENTS_MAX = FORM_FILE_FIELDS.epr.rowFields?.[0]?.max ?? 10;

const newRow = (key: string): EprRow => ({ key, description: '', remarks: '', quantity: '', price: '', files: [] });

export function EprForm({ form, ...screen }: FormScreenProps & { form: FormDetails }) {
  const { submit, isSubmitting, problems, clearProblem, resetProblems } = useFormSubmit('epr', screen);
  const [companyId, setCompanyId] = useState('');
  const [recommendedSupplier, setRecommendedSupplier] = useState('');
  const [purchaseRequestId, setPurchaseRequestId] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [dateNeeded, setDateNeeded] = useState(defaultFormDate);
  const requisitions = useDynamicRows(newRow);
  const { rows } = requisitions;

  // Cost follows a 1 s pause in typing, the total 0.5 s after the costs (001 §9).
  const settledRows = useDebouncedValue(rows, LINE_COST_DEBOUNCE_MS);
  const costByKey = useMemo(
    () => new Map(settledRows.map((row) => [row.key, lineCostCentavos(row.quantity, row.price)])),
    [settledRows],
  );
  const total = useDebouncedValue(totalCentavos([...costByKey.values()]), TOTAL_REFRESH_DEBOUNCE_MS);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { companyId, recommendedSupplier, purchaseRequestId, urgent, dateNeeded, rows };
    submit(eprProblems(values), () => multipartBody(eprPayload(values), fileParts('epr', eprFiles(values))));
  };

  const edit = (index: number, patch: Partial<Omit<EprRow, 'key'>>, field: string) => {
    requisitions.update(index, patch);
    clearProblem(`requisitions.${index}.${field}`);
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={form.name}>
      <FieldGrid>
        <SelectInput
          label="Company"
          value={companyId}
          onChange={(value) => {
            setCompanyId(value);
            clearProblem('company_id');
          }}
          options={form.companies.map((company) => ({ value: String(company.id), label: company.name }))}
          placeholder="Select company"
          isRequired
          hasProblem={problems.has('company_id')}
        />
        <TextInput label="Recommended Supplier" value={recommendedSupplier} onChange={setRecommendedSupplier} maxLength={200} />
        <SelectInput
          label="Type of Purchase Request"
          value={purchaseRequestId}
          onChange={(value) => {
            setPurchaseRequestId(value);
            clearProblem('purchase_request_id');
          }}
          options={form.purchase_request_types.map((type) => ({ value: String(type.id), label: type.name }))}
          placeholder="Select type"
          isRequired
          hasProblem={problems.has('purchase_request_id')}
        />
        <DateInput
          label="Date Needed"
          value={dateNeeded}
          onChange={(value) => {
            setDateNeeded(value);
            clearProblem('date_needed');
          }}
          isRequired
          hasProblem={problems.has('date_needed')}
        />
        <Box className="wide">
          <CheckboxInput label="Urgent" checked={urgent} onChange={setUrgent} />
        </Box>
      </FieldGrid>

      <RowsSection
        heading="Requisitions"
        rowTitle="Requisition"
        rows={requisitions}
        onRemoved={resetProblems}
        isDisabled={isSubmitting}
        renderRow={(row, index) => (
          <FieldGrid columns={4}>
            <Box className="wide">
              <TextInput
                label="Description"
                value={row.description}
                onChange={(description) => edit(index, { description }, 'description')}
                isRequired
                hasProblem={problems.has(`requisitions.${index}.description`)}
                maxLength={2000}
              />
            </Box>
            <NumberInput
              label="Quantity"
              value={row.quantity}
              onChange={(quantity) => edit(index, { quantity }, 'quantity')}
              isRequired
              hasProblem={problems.has(`requisitions.${index}.quantity`)}
            />
            <NumberInput label="Estimated Price" value={row.price} onChange={(price) => edit(index, { price }, 'price')} isPeso />
            <ReadOnlyInput label="Cost" value={formatCentavos(costByKey.get(row.key) ?? 0)} />
            <TextInput label="Remarks" value={row.remarks} onChange={(remarks) => edit(index, { remarks }, 'remarks')} maxLength={2000} />
            <Box className="wide">
              <FilePicker
                label="Attachments"
                files={row.files}
                onChange={(files) => requisitions.update(index, { files })}
                maxCount={ATTACHMENTS_MAX}
                isDisabled={isSubmitting}
              />
            </Box>
          </FieldGrid>
        )}
      />

      <Box sx={{ maxWidth: { sm: 320 }, alignSelf: { sm: 'flex-end' }, width: '100%' }}>
        <ReadOnlyInput label="Total Cost" value={formatCentavos(total)} />
      </Box>

      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

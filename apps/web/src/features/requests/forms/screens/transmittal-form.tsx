/** Transmittal Form (001 §2, §3): receiver, received items, running total, signature. */
import { FORM_FILE_FIELDS } from '@ichat/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { formatCentavos, lineCostCentavos, totalCentavos } from '../lib/amounts';
import { fileParts, multipartBody } from '../lib/multipart';
import { transmittalPayload, transmittalProblems, type TransmittalRow } from '../lib/payloads';
import { RowsSection, useDynamicRows } from '../parts/dynamic-rows';
import { NumberInput, ReadOnlyInput, TextInput } from '../parts/fields';
import { FilePicker, IMAGE_ACCEPT } from '../parts/file-picker';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

const newRow = (key: string): TransmittalRow => ({ key, description: '', quantity: '', price: '', remarks: '' });

export function TransmittalForm({ name, ...screen }: FormScreenProps & { name: string }) {
  const { submit, isSubmitting, problems, clearProblem, resetProblems } = useFormSubmit('transmittal', screen);
  const [receiver, setReceiver] = useState('');
  const [signature, setSignature] = useState<File[]>([]);
  const items = useDynamicRows(newRow);
  const { rows } = items;
  const total = totalCentavos(rows.map((row) => lineCostCentavos(row.quantity, row.price)));

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { receiver, rows };
    submit(transmittalProblems(values), () =>
      multipartBody(transmittalPayload(values), fileParts('transmittal', { fields: { transmittal_file: signature } })),
    );
  };

  const edit = (index: number, patch: Partial<Omit<TransmittalRow, 'key'>>, field: string) => {
    items.update(index, patch);
    clearProblem(`transmittals.${index}.${field}`);
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      <FieldGrid>
        <TextInput
          label="Receiver"
          value={receiver}
          onChange={(value) => {
            setReceiver(value);
            clearProblem('receiver');
          }}
          isRequired
          hasProblem={problems.has('receiver')}
          maxLength={200}
        />
      </FieldGrid>

      <RowsSection
        heading="Items"
        rowTitle="Item"
        rows={items}
        onRemoved={resetProblems}
        isDisabled={isSubmitting}
        renderRow={(row, index) => (
          <FieldGrid columns={4}>
            <Box className="wide">
              <TextInput
                label="Received Items"
                value={row.description}
                onChange={(description) => edit(index, { description }, 'description')}
                isRequired
                hasProblem={problems.has(`transmittals.${index}.description`)}
                maxLength={2000}
              />
            </Box>
            <NumberInput
              label="Quantity"
              value={row.quantity}
              onChange={(quantity) => edit(index, { quantity }, 'quantity')}
              isRequired
              hasProblem={problems.has(`transmittals.${index}.quantity`)}
            />
            <NumberInput label="Amount" value={row.price} onChange={(price) => edit(index, { price }, 'price')} isPeso />
            <Box sx={{ gridColumn: { md: 'span 2' } }}>
              <TextInput label="Remarks" value={row.remarks} onChange={(remarks) => edit(index, { remarks }, 'remarks')} maxLength={2000} />
            </Box>
          </FieldGrid>
        )}
      />

      <Box sx={{ maxWidth: { sm: 320 }, alignSelf: { sm: 'flex-end' }, width: '100%' }}>
        <ReadOnlyInput label="Total Estimated Cost" value={formatCentavos(total)} />
      </Box>

      <FilePicker
        label="Receiver's Signature"
        files={signature}
        onChange={setSignature}
        maxCount={FORM_FILE_FIELDS.transmittal.fields.transmittal_file ?? 5}
        accept={IMAGE_ACCEPT}
        isDisabled={isSubmitting}
      />

      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

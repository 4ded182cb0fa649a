/** Customer Corrective Action Request Form (001 §2, §9 option lists). */
import { FORM_FILE_FIELDS, ISSUED_TO, NC_SOURCES, WAREHOUSES } from '@ichat/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { fileParts, multipartBody } from '../lib/multipart';
import { ccarPayload, ccarProblems, type CcarValues } from '../lib/payloads';
import { SelectInput, TextInput } from '../parts/fields';
import { FilePicker, IMAGE_ACCEPT } from '../parts/file-picker';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

const EMPTY: CcarValues = { issuedTo: '', ncSource: '', warehouse: '', referenceNumber: '', description: '' };

/** The original's label, in Filipino with the English after it. */
export const CCAR_DESCRIPTION_LABEL = 'Paglalarawan ng Hindi Pagsunod (Description of the Nonconformity)';

export function CcarForm({ name, ...screen }: FormScreenProps & { name: string }) {
  const { submit, isSubmitting, problems, clearProblem } = useFormSubmit('ccar', screen);
  const [values, setValues] = useState<CcarValues>(EMPTY);
  const [images, setImages] = useState<File[]>([]);

  const set = (key: keyof CcarValues, problemKey: string) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearProblem(problemKey);
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(ccarProblems(values), () => multipartBody(ccarPayload(values), fileParts('ccar', { fields: { ccar_images: images } })));
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      <FieldGrid>
        <SelectInput label="Issued to" value={values.issuedTo} onChange={set('issuedTo', 'issued_to')} options={ISSUED_TO} isRequired hasProblem={problems.has('issued_to')} />
        <SelectInput
          label="NonConformity Source"
          value={values.ncSource}
          onChange={set('ncSource', 'nc_source')}
          options={NC_SOURCES}
          isRequired
          hasProblem={problems.has('nc_source')}
        />
        <SelectInput label="Warehouse" value={values.warehouse} onChange={set('warehouse', 'warehouse')} options={WAREHOUSES} isRequired hasProblem={problems.has('warehouse')} />
        <TextInput label="Customer / Audit Reference Number" value={values.referenceNumber} onChange={set('referenceNumber', 'reference_number')} maxLength={200} />
        <Box className="wide">
          <TextInput
            label={CCAR_DESCRIPTION_LABEL}
            value={values.description}
            onChange={set('description', 'description')}
            minRows={5}
            isRequired
            hasProblem={problems.has('description')}
            maxLength={5000}
          />
        </Box>
        <Box className="wide">
          <FilePicker
            label="Images"
            files={images}
            onChange={setImages}
            maxCount={FORM_FILE_FIELDS.ccar.fields.ccar_images ?? 10}
            accept={IMAGE_ACCEPT}
            isDisabled={isSubmitting}
          />
        </Box>
      </FieldGrid>
      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

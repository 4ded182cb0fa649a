/** Prospecting Form (001 §2, §3): region → province, the prospect's details, pictures. */
import { FORM_FILE_FIELDS, REGIONS } from '@ichat/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { fileParts, multipartBody } from '../lib/multipart';
import { prospectingPayload, prospectingProblems, provincesOf, type ProspectingValues } from '../lib/payloads';
import { SelectInput, TextInput } from '../parts/fields';
import { FilePicker, IMAGE_ACCEPT } from '../parts/file-picker';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

const EMPTY: ProspectingValues = {
  region: '',
  province: '',
  specificAddress: '',
  companyName: '',
  contactName: '',
  position: '',
  mobileNumber: '',
  telephone1: '',
  telephone2: '',
  supplier: '',
  volume: '',
  prospectsEmail: '',
};

type TextKey = Exclude<keyof ProspectingValues, 'region' | 'province'>;
const TEXT_FIELDS: { key: TextKey; label: string; isRequired?: boolean; type?: 'email' | 'tel'; wide?: boolean }[] = [
  { key: 'specificAddress', label: 'Specific Address', isRequired: true, wide: true },
  { key: 'companyName', label: 'Company Name', isRequired: true },
  { key: 'contactName', label: 'Contact Name', isRequired: true },
  { key: 'position', label: 'Position', isRequired: true },
  { key: 'mobileNumber', label: 'Mobile number', type: 'tel' },
  { key: 'telephone1', label: 'Telephone No. 1', type: 'tel' },
  { key: 'telephone2', label: 'Telephone No. 2', type: 'tel' },
  { key: 'supplier', label: 'Supplier' },
  { key: 'volume', label: 'Volume' },
  { key: 'prospectsEmail', label: "Prospect's Email", type: 'email' },
];

export function ProspectingForm({ name, ...screen }: FormScreenProps & { name: string }) {
  const { submit, isSubmitting, problems, clearProblem } = useFormSubmit('prospecting', screen);
  const [values, setValues] = useState<ProspectingValues>(EMPTY);
  const [images, setImages] = useState<File[]>([]);
  const provinces = provincesOf(values.region);

  const set = (key: keyof ProspectingValues, value: string) => {
    // A new region clears the province: it must be picked again from that region's list.
    setValues((current) => (key === 'region' ? { ...current, region: value, province: '' } : { ...current, [key]: value }));
    clearProblem(key);
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(prospectingProblems(values), () =>
      multipartBody(prospectingPayload(values), fileParts('prospecting', { fields: { prospectingImages: images } })),
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      <FieldGrid>
        <SelectInput
          label="Region"
          value={values.region}
          onChange={(value) => set('region', value)}
          options={REGIONS}
          placeholder="Select region"
          isRequired
          hasProblem={problems.has('region')}
        />
        <SelectInput
          label="Province"
          value={values.province}
          onChange={(value) => set('province', value)}
          options={provinces}
          placeholder={values.region ? 'Select province' : 'Choose a region first'}
          isDisabled={values.region === ''}
          isRequired
          hasProblem={problems.has('province')}
        />
        {TEXT_FIELDS.map((field) => {
          const input = (
            <TextInput
              key={field.key}
              label={field.label}
              value={values[field.key]}
              onChange={(value) => set(field.key, value)}
              type={field.type}
              isRequired={field.isRequired}
              hasProblem={problems.has(field.key)}
              maxLength={field.key === 'specificAddress' ? 500 : 200}
            />
          );
          return field.wide ? (
            <Box key={field.key} className="wide">
              {input}
            </Box>
          ) : (
            input
          );
        })}
        <Box className="wide">
          <FilePicker
            label="Images"
            files={images}
            onChange={setImages}
            maxCount={FORM_FILE_FIELDS.prospecting.fields.prospectingImages ?? 10}
            accept={IMAGE_ACCEPT}
            isDisabled={isSubmitting}
          />
        </Box>
      </FieldGrid>
      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

/** SO/LO Requisition (001 §2, §9 option lists). */
import { FORM_FILE_FIELDS, SO_LO_REQUEST_TYPES } from '@ichat/shared';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { defaultFormDate } from '../lib/dates';
import { fileParts, multipartBody } from '../lib/multipart';
import { soLoPayload, soLoProblems } from '../lib/payloads';
import { CheckboxInput, DateInput, SelectInput, TextInput } from '../parts/fields';
import { FilePicker, IMAGE_ACCEPT } from '../parts/file-picker';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

export function SoLoForm({ name, ...screen }: FormScreenProps & { name: string }) {
  const { submit, isSubmitting, problems, clearProblem } = useFormSubmit('so-lo', screen);
  const [requestType, setRequestType] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [dateNeeded, setDateNeeded] = useState(defaultFormDate);
  const [description, setDescription] = useState('');
  const [signature, setSignature] = useState<File[]>([]);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { requestType, urgent, dateNeeded, description };
    submit(soLoProblems(values), () => multipartBody(soLoPayload(values), fileParts('so-lo', { fields: { signature } })));
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      <FieldGrid>
        <SelectInput
          label="Type of Request"
          value={requestType}
          onChange={(value) => {
            setRequestType(value);
            clearProblem('request_type');
          }}
          options={SO_LO_REQUEST_TYPES}
          isRequired
          hasProblem={problems.has('request_type')}
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
        <FormControl component="fieldset" className="wide">
          <FormLabel component="legend" sx={{ fontSize: 14 }}>
            Urgent
          </FormLabel>
          <CheckboxInput label="Yes" checked={urgent} onChange={setUrgent} />
        </FormControl>
        <Box className="wide">
          <TextInput
            label="Description of Request"
            value={description}
            onChange={(value) => {
              setDescription(value);
              clearProblem('description');
            }}
            minRows={4}
            isRequired
            hasProblem={problems.has('description')}
            maxLength={5000}
          />
        </Box>
        <Box className="wide">
          <FilePicker
            label="Signature"
            files={signature}
            onChange={setSignature}
            maxCount={FORM_FILE_FIELDS['so-lo'].fields.signature ?? 1}
            accept={IMAGE_ACCEPT}
            isDisabled={isSubmitting}
          />
        </Box>
      </FieldGrid>
      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

/** Explain Why You Should Not Be Penalized Memo (001 §2, §9 option lists). */
import { FORM_FILE_FIELDS, OFFENSES, PENALTIES, RULE_NUMBERS } from '@ichat/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { fileParts, multipartBody } from '../lib/multipart';
import { explainWhyPayload, explainWhyProblems, type ExplainWhyValues } from '../lib/payloads';
import { SelectInput, TextInput } from '../parts/fields';
import { FilePicker, IMAGE_ACCEPT } from '../parts/file-picker';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

const EMPTY: ExplainWhyValues = { manager: '', explanation: '', penalty: '', offense: '', ruleNo: '' };
const { fields } = FORM_FILE_FIELDS['explain-why'];

export function ExplainWhyForm({ name, ...screen }: FormScreenProps & { name: string }) {
  const { submit, isSubmitting, problems, clearProblem } = useFormSubmit('explain-why', screen);
  const [values, setValues] = useState<ExplainWhyValues>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [signature, setSignature] = useState<File[]>([]);

  const set = (key: keyof ExplainWhyValues, problemKey: string) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearProblem(problemKey);
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(explainWhyProblems(values), () =>
      multipartBody(
        explainWhyPayload(values),
        fileParts('explain-why', { fields: { explain_files: files, manager_signature: signature } }),
      ),
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      <FieldGrid columns={3}>
        <Box className="wide">
          <TextInput label="Manager" value={values.manager} onChange={set('manager', 'manager')} isRequired hasProblem={problems.has('manager')} maxLength={200} />
        </Box>
        <Box className="wide">
          <TextInput
            label="Explanation"
            value={values.explanation}
            onChange={set('explanation', 'explanation')}
            minRows={5}
            isRequired
            hasProblem={problems.has('explanation')}
            maxLength={5000}
            helperText="Explain why you should not be penalized."
          />
        </Box>
        <SelectInput label="Penalties" value={values.penalty} onChange={set('penalty', 'penalty')} options={PENALTIES} isRequired hasProblem={problems.has('penalty')} />
        <SelectInput label="Offense" value={values.offense} onChange={set('offense', 'offense')} options={OFFENSES} isRequired hasProblem={problems.has('offense')} />
        <SelectInput label="Rule No." value={values.ruleNo} onChange={set('ruleNo', 'rule_no')} options={RULE_NUMBERS} isRequired hasProblem={problems.has('rule_no')} />
      </FieldGrid>
      <FieldGrid>
        <FilePicker label="Files" files={files} onChange={setFiles} maxCount={fields.explain_files ?? 10} isDisabled={isSubmitting} />
        <FilePicker
          label="Manager Signature"
          files={signature}
          onChange={setSignature}
          maxCount={fields.manager_signature ?? 1}
          accept={IMAGE_ACCEPT}
          isDisabled={isSubmitting}
        />
      </FieldGrid>
      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

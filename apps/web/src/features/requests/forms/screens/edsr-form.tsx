/**
 * Electronic Daily Sales Report (001 §2): a Visit and a Call list of rows, each with proof
 * files, and a signature. The original's submit did nothing; this one files the report.
 */
import { FORM_FILE_FIELDS } from '@ichat/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { fileParts, multipartBody } from '../lib/multipart';
import { edsrProblems, edsrSubmission, type Problems, type SalesRow } from '../lib/payloads';
import { RowsSection, useDynamicRows, type DynamicRows } from '../parts/dynamic-rows';
import { TextInput } from '../parts/fields';
import { FilePicker, IMAGE_ACCEPT } from '../parts/file-picker';
import { FieldGrid } from '../parts/layout';
import { SubmitArea } from '../parts/submit-area';
import { useFormSubmit, type FormScreenProps } from '../use-form-submit';

const newRow = (key: string): SalesRow => ({ key, companyName: '', comments: '', actionToBeDone: '', order: '', files: [] });
const { fields, rowFields = [] } = FORM_FILE_FIELDS.edsr;
const proofMax = (prefix: string) => rowFields.find((row) => row.prefix === prefix)?.max ?? 10;

interface SalesListProps {
  list: 'visits' | 'calls';
  /** 'Visit' or 'Call': the section title, the row groups 'Visit 1', 'Add Visit Row'. */
  noun: string;
  proofLabel: string;
  proofMaxCount: number;
  rows: DynamicRows<SalesRow>;
  problems: Problems;
  clearProblem: (key: string) => void;
  resetProblems: () => void;
  isDisabled: boolean;
}

function SalesList({ list, noun, proofLabel, proofMaxCount, rows, problems, clearProblem, resetProblems, isDisabled }: SalesListProps) {
  const edit = (index: number, patch: Partial<Omit<SalesRow, 'key'>>) => {
    rows.update(index, patch);
    if ('companyName' in patch) clearProblem(`${list}.${index}.company_name`);
  };
  return (
    <RowsSection
      heading={noun}
      rowTitle={noun}
      noun={noun}
      rows={rows}
      onRemoved={resetProblems}
      isDisabled={isDisabled}
      renderRow={(row, index) => (
        <FieldGrid>
          <Box className="wide">
            <TextInput
              label="Company Name"
              value={row.companyName}
              onChange={(companyName) => edit(index, { companyName })}
              isRequired
              hasProblem={problems.has(`${list}.${index}.company_name`)}
              maxLength={200}
            />
          </Box>
          <TextInput label="Comments" value={row.comments} onChange={(comments) => edit(index, { comments })} minRows={2} maxLength={2000} />
          <TextInput
            label="Action To Be Done"
            value={row.actionToBeDone}
            onChange={(actionToBeDone) => edit(index, { actionToBeDone })}
            minRows={2}
            maxLength={2000}
          />
          <TextInput label="Order" value={row.order} onChange={(order) => edit(index, { order })} maxLength={2000} />
          <FilePicker
            label={proofLabel}
            files={row.files}
            onChange={(files) => edit(index, { files })}
            maxCount={proofMaxCount}
            isDisabled={isDisabled}
          />
        </FieldGrid>
      )}
    />
  );
}

export function EdsrForm({ name, ...screen }: FormScreenProps & { name: string }) {
  const { submit, isSubmitting, problems, clearProblem, resetProblems } = useFormSubmit('edsr', screen);
  // Either list may be emptied: a day can have only visits or only calls.
  const visits = useDynamicRows(newRow, 0);
  const calls = useDynamicRows(newRow, 0);
  const [signature, setSignature] = useState<File[]>([]);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { visits: visits.rows, calls: calls.rows };
    submit(edsrProblems(values), () => {
      const { data, files } = edsrSubmission(values);
      return multipartBody(data, fileParts('edsr', { ...files, fields: { signature } }));
    });
  };

  const common = { problems, clearProblem, resetProblems, isDisabled: isSubmitting };
  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={3} aria-label={name}>
      <SalesList list="visits" noun="Visit" proofLabel="Proof of Visit" proofMaxCount={proofMax('visit_proof')} rows={visits} {...common} />
      <SalesList list="calls" noun="Call" proofLabel="Proof of Call" proofMaxCount={proofMax('call_proof')} rows={calls} {...common} />
      <FilePicker
        label="Signature"
        files={signature}
        onChange={setSignature}
        maxCount={fields.signature ?? 1}
        accept={IMAGE_ACCEPT}
        isDisabled={isSubmitting}
      />
      <SubmitArea isSubmitting={isSubmitting} />
    </Stack>
  );
}

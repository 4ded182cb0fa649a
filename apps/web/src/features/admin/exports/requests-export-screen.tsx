import { FORM_TYPE_NAMES, FORM_TYPES, REQUEST_STATUSES, requestsExportQuerySchema, routes } from '@ichat/shared';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { downloadFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { AdminScreen } from '../ui/admin-screen';
import { firstProblem } from '../ui/field-problems';

const STATUS_NAMES: Record<(typeof REQUEST_STATUSES)[number], string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Rejected',
  withdrawn: 'Withdrawn',
};

/**
 * /admin/requests-export: requests as a CSV for a spreadsheet, one row per request with its
 * decision and amounts in pesos, filtered by form, status and filing days (Manila time).
 */
export function RequestsExportScreen() {
  const [formType, setFormType] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = {
      ...(formType ? { form_type: formType } : {}),
      ...(status ? { status } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    };
    const parsed = requestsExportQuerySchema.safeParse(query);
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    if (from && to && to < from) {
      setProblem('The last day must be on or after the first day.');
      return;
    }
    setProblem(null);
    setDone(null);
    setIsDownloading(true);
    try {
      const file = await downloadFile(routes.admin.exportRequests, { query: parsed.data }, 'requests.csv');
      saveFile(file.blob, file.fileName);
      setDone(`Downloaded ${file.fileName}.`);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <AdminScreen
      title="Requests Export"
      description="Requests as a CSV file that opens in a spreadsheet: one row per request with its decision, amounts in pesos. Leave a filter empty to include everything."
    >
      <Paper variant="outlined" component="form" noValidate onSubmit={(event) => void handleSubmit(event)} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {done}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2.5 }}>
          <FilterSelect label="Form" everyText="Every form" value={formType} onChange={setFormType} options={FORM_TYPES} nameOf={(type) => FORM_TYPE_NAMES[type]} />
          <FilterSelect label="Status" everyText="Every status" value={status} onChange={setStatus} options={REQUEST_STATUSES} nameOf={(value) => STATUS_NAMES[value]} />
          <TextField type="date" label="Filed from" value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="date" label="Filed to" value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
        <Button type="submit" variant="contained" startIcon={<FileDownloadOutlinedIcon />} loading={isDownloading}>
          Download CSV
        </Button>
      </Paper>
    </AdminScreen>
  );
}

interface FilterSelectProps<Option extends string> {
  label: string;
  /** The first choice, which filters nothing. */
  everyText: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  nameOf: (option: Option) => string;
}

/** A filter of the export: every value, or one of the options. */
function FilterSelect<Option extends string>({ label, everyText, value, onChange, options, nameOf }: FilterSelectProps<Option>) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <MenuItem value="">{everyText}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {nameOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

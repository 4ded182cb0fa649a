import { USER_CSV_COLUMNS, type ImportRow } from '@ichat/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../lib/data-table';
import { saveFile } from '../../../lib/save-file';
import { useImportPreviewMutation, useImportUsersMutation } from '../api/mutations';
import { AdminScreen } from '../ui/admin-screen';
import { SecretField } from '../ui/secret-field';

const MAX_BYTES = 5_000_000;
const ROWS_PER_PAGE = 50;

type Outcome = ImportRow['outcome'];
const OUTCOMES: Record<Outcome, { label: string; color: 'success' | 'primary' | 'error' }> = {
  create: { label: 'New', color: 'success' },
  update: { label: 'Update', color: 'primary' },
  invalid: { label: 'Wrong', color: 'error' },
};

const COLUMNS: DataColumn<ImportRow>[] = [
  { key: 'line', label: 'Line', render: (row) => row.line },
  {
    key: 'name',
    label: 'Name',
    isPrimary: true,
    render: (row) => `${row.user.first_name} ${row.user.last_name}`.trim() || '—',
  },
  { key: 'outcome', label: 'Outcome', render: (row) => <Chip size="small" label={OUTCOMES[row.outcome].label} color={OUTCOMES[row.outcome].color} /> },
  { key: 'email', label: 'Email', render: (row) => row.user.email_address || '—' },
  { key: 'username', label: 'Username', render: (row) => row.user.username || '—' },
  { key: 'department', label: 'Department', render: (row) => row.user.department || '—' },
  { key: 'reason', label: 'Why', render: (row) => row.reason ?? '' },
];

/**
 * /admin/people/import: a CSV of staff (first_name, last_name, email_address, username,
 * department) is read by the server and previewed row by row; Import applies every row or
 * none, and answers the new people's temporary passwords once.
 */
export function ImportScreen() {
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useImportPreviewMutation();
  const importUsers = useImportUsersMutation();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<Outcome | 'all'>('all');
  const [page, setPage] = useState(0);
  const previewHeadingId = useId();
  const resultHeadingId = useId();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    importUsers.reset();
    preview.reset();
    if (chosen.size > MAX_BYTES) {
      setFile(null);
      setProblem('The file is too large (at most 5 MB).');
      return;
    }
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    setProblem(null);
    setShown('all');
    setPage(0);
    preview.mutate(csv, { onError: (error) => setProblem(error.message) });
  };

  const handleImport = () => {
    if (!file) return;
    setProblem(null);
    importUsers.mutate(file.csv, { onError: (error) => setProblem(error.message) });
  };

  const summary = preview.data?.summary;
  const rows = (preview.data?.rows ?? []).filter((row) => shown === 'all' || row.outcome === shown);
  const result = importUsers.data;
  const passwordsText = (result?.passwords ?? []).map((entry) => `${entry.username},${entry.password}`).join('\n');

  return (
    <AdminScreen
      title="Import People"
      description={
        <>
          A CSV file with a header row and the columns {USER_CSV_COLUMNS.join(', ')}. A person already here (same email address or
          username) is updated; anyone new gets a temporary password they must change at their first sign-in.
        </>
      }
      actions={
        <Button component={RouterLink} to="/admin/people" startIcon={<ArrowBackIcon />}>
          Back to People
        </Button>
      }
    >
      <Stack spacing={2.5}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button variant="contained" startIcon={<FileUploadOutlinedIcon />} onClick={() => fileInput.current?.click()} loading={preview.isPending}>
            Choose CSV File
          </Button>
          <input ref={fileInput} type="file" accept=".csv,text/csv" hidden onChange={(event) => void handleFile(event)} aria-label="CSV file" />
          {file ? <Typography color="text.secondary">{file.name}</Typography> : null}
        </Box>
        {problem ? <Alert severity="error">{problem}</Alert> : null}

        {result ? (
          <Paper component="section" variant="outlined" aria-labelledby={resultHeadingId} sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id={resultHeadingId} component="h2" variant="h6" sx={{ mb: 1 }}>
              Imported
            </Typography>
            <Alert severity="success" sx={{ mb: 2 }}>
              {result.message}
            </Alert>
            {result.passwords.length > 0 ? (
              <Stack spacing={1.5}>
                <Typography>
                  The temporary passwords of the new people (username, password), shown only this once:
                </Typography>
                <SecretField label="Temporary passwords" value={passwordsText} rows={Math.min(10, result.passwords.length)} />
                <Box>
                  <Button
                    variant="outlined"
                    onClick={() => saveFile(new Blob([`\uFEFFusername,password\n${passwordsText}\n`], { type: 'text/csv' }), 'temporary-passwords.csv')}
                  >
                    Save as CSV
                  </Button>
                </Box>
              </Stack>
            ) : null}
          </Paper>
        ) : null}

        {summary && !result ? (
          <Box component="section" aria-labelledby={previewHeadingId}>
            <Typography id={previewHeadingId} component="h2" variant="h6" sx={{ mb: 1 }}>
              Preview
            </Typography>
            <Typography role="status" sx={{ mb: 1.5 }}>
              {summary.create} new, {summary.update} to update, {summary.invalid} wrong.
            </Typography>
            {summary.invalid > 0 ? (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                Nothing is imported while a row is wrong: correct the file and choose it again.
              </Alert>
            ) : null}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1.5 }}>
              <Button variant="contained" onClick={handleImport} loading={importUsers.isPending} disabled={summary.invalid > 0 || summary.create + summary.update === 0}>
                Import {summary.create + summary.update} {summary.create + summary.update === 1 ? 'Person' : 'People'}
              </Button>
              <TextField
                select
                size="small"
                label="Show"
                value={shown}
                onChange={(event) => {
                  setShown(event.target.value as Outcome | 'all');
                  setPage(0);
                }}
                sx={{ width: 200 }}
              >
                <MenuItem value="all">Every row</MenuItem>
                <MenuItem value="invalid">Wrong rows</MenuItem>
                <MenuItem value="create">New people</MenuItem>
                <MenuItem value="update">Updates</MenuItem>
              </TextField>
            </Box>
            <DataTable
              label="Import preview"
              columns={COLUMNS}
              rows={rows.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE)}
              rowKey={(row) => row.line}
              rowTestId="import-row"
              emptyText="No rows."
            />
            {rows.length > ROWS_PER_PAGE ? (
              <TablePagination
                component="div"
                count={rows.length}
                page={page}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={ROWS_PER_PAGE}
                rowsPerPageOptions={[ROWS_PER_PAGE]}
              />
            ) : null}
          </Box>
        ) : null}
      </Stack>
    </AdminScreen>
  );
}

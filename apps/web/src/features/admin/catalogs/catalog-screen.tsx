import { CATALOGS, catalogCreateBodySchema, catalogUpdateBodySchema, type CatalogEntry, type CatalogName } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { Navigate, useParams } from 'react-router';
import { QueryDataTable, type DataColumn } from '../../../lib/data-table';
import { ScreenNotice, useScreenNotice } from '../../../lib/screen-notice';
import { useCreateCatalogEntryMutation, useUpdateCatalogEntryMutation } from '../api/mutations';
import { useCatalogQuery } from '../api/queries';
import { AdminDialog } from '../ui/admin-dialog';
import { AdminScreen } from '../ui/admin-screen';
import { firstProblem } from '../ui/field-problems';

interface CatalogWords {
  title: string;
  one: string;
  description: string;
  usedBy: (count: number) => string;
}

const WORDS: Record<CatalogName, CatalogWords> = {
  departments: {
    title: 'Departments',
    one: 'department',
    description: 'Every person belongs to one. A retired department stays on the people in it and leaves the choices.',
    usedBy: (count) => `${count} ${count === 1 ? 'person' : 'people'}`,
  },
  companies: {
    title: 'Companies',
    one: 'company',
    description: 'The companies an ePR is filed for. A retired company stays on old requests and leaves the form’s choices.',
    usedBy: (count) => `${count} ${count === 1 ? 'request' : 'requests'}`,
  },
  'purchase-request-types': {
    title: 'Purchase Request Types',
    one: 'purchase request type',
    description: 'The types an ePR may be. A retired type stays on old requests and leaves the form’s choices.',
    usedBy: (count) => `${count} ${count === 1 ? 'request' : 'requests'}`,
  },
};

const isCatalog = (value: string | undefined): value is CatalogName => (CATALOGS as readonly string[]).includes(value ?? '');

/** /admin/catalogs/:catalog: departments, the ePR's companies, or its purchase request types. */
export function CatalogScreen() {
  const { catalog } = useParams();
  if (!isCatalog(catalog)) return <Navigate to="/not-found" replace />;
  // A new list is a new screen: its fields and notices start afresh.
  return <CatalogList key={catalog} catalog={catalog} />;
}

function CatalogList({ catalog }: { catalog: CatalogName }) {
  const words = WORDS[catalog];
  const entries = useCatalogQuery(catalog);
  const create = useCreateCatalogEntryMutation(catalog);
  const update = useUpdateCatalogEntryMutation(catalog);
  const notice = useScreenNotice();
  const [name, setName] = useState('');
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<CatalogEntry | null>(null);

  const handleAdd = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = catalogCreateBodySchema.safeParse({ name });
    if (!parsed.success) {
      setAddProblem(firstProblem(parsed.error));
      return;
    }
    setAddProblem(null);
    create.mutate(parsed.data.name, {
      onSuccess: ({ message }) => {
        setName('');
        notice.showSuccess(message);
      },
      onError: (error) => setAddProblem(error.message),
    });
  };

  const setRetired = (entry: CatalogEntry, retired: boolean) =>
    update.mutate({ id: entry.id, retired }, { onSuccess: ({ message }) => notice.showSuccess(message), onError: notice.showError });

  // Values in use first, alphabetically; the retired ones after them.
  const rows = [...(entries.data ?? [])].sort((a, b) => Number(a.retired) - Number(b.retired) || a.name.localeCompare(b.name));

  const columns: DataColumn<CatalogEntry>[] = [
    {
      key: 'name',
      label: 'Name',
      isPrimary: true,
      render: (entry) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box component="span" sx={entry.retired ? { color: 'text.secondary', textDecoration: 'line-through' } : undefined}>
            {entry.name}
          </Box>
          {entry.retired ? <Chip size="small" label="Retired" variant="outlined" /> : null}
        </Box>
      ),
    },
    { key: 'used-by', label: 'Used by', render: (entry) => words.usedBy(entry.used_by) },
  ];

  return (
    <AdminScreen title={words.title} description={words.description}>
      <ScreenNotice notice={notice.notice} onClose={notice.clear} />
      <Paper variant="outlined" component="form" noValidate onSubmit={handleAdd} sx={{ p: 2, mb: 2.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            label={`New ${words.one}`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={addProblem !== null}
            helperText={addProblem}
            sx={{ maxWidth: { sm: 420 } }}
          />
          <Button type="submit" variant="contained" loading={create.isPending} sx={{ flexShrink: 0 }}>
            Add
          </Button>
        </Stack>
      </Paper>
      <QueryDataTable
        query={entries}
        label={words.title}
        columns={columns}
        rows={rows}
        rowKey={(entry) => entry.id}
        rowTestId="catalog-row"
        isMuted={(entry) => entry.retired}
        emptyText={`No ${words.one} yet.`}
        actions={(entry) => (
          <>
            <Button size="small" onClick={() => setRenaming(entry)} aria-label={`Rename ${entry.name}`}>
              Rename
            </Button>
            <Button
              size="small"
              color={entry.retired ? 'primary' : 'error'}
              onClick={() => setRetired(entry, !entry.retired)}
              aria-label={entry.retired ? `Bring back ${entry.name}` : `Retire ${entry.name}`}
            >
              {entry.retired ? 'Bring Back' : 'Retire'}
            </Button>
          </>
        )}
      />
      {renaming ? (
        <RenameDialog
          catalog={catalog}
          entry={renaming}
          one={words.one}
          onClose={() => setRenaming(null)}
          onRenamed={(message) => {
            setRenaming(null);
            notice.showSuccess(message);
          }}
        />
      ) : null}
    </AdminScreen>
  );
}

interface RenameDialogProps {
  catalog: CatalogName;
  entry: CatalogEntry;
  one: string;
  onClose: () => void;
  onRenamed: (message: string) => void;
}

function RenameDialog({ catalog, entry, one, onClose, onRenamed }: RenameDialogProps) {
  const update = useUpdateCatalogEntryMutation(catalog);
  const [name, setName] = useState(entry.name);
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = () => {
    const parsed = catalogUpdateBodySchema.safeParse({ name });
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    if (parsed.data.name === entry.name) {
      onClose();
      return;
    }
    update.mutate({ id: entry.id, name: parsed.data.name }, { onSuccess: ({ message }) => onRenamed(message), onError: (error) => setProblem(error.message) });
  };
  return (
    <AdminDialog
      isOpen
      title={`Rename ${entry.name}`}
      onClose={onClose}
      submitLabel="Rename"
      onSubmit={handleSubmit}
      isPending={update.isPending}
      problem={problem}
      maxWidth="xs"
    >
      <TextField label={`Name of the ${one}`} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
    </AdminDialog>
  );
}

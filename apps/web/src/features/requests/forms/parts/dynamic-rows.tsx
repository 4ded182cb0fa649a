/**
 * Repeating rows (requisitions, offset dates, transmittal items, visits and calls): the
 * state hook and the row frame with its 'Remove row N' button, written once for all forms.
 */
import { MAX_FORM_ROWS, type FormType } from '@ichat/shared';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { rowFileLimit } from '../lib/multipart';
import { payloadName, type Keyed, type PayloadNames, type Problems } from '../lib/payloads';
import { FormFields, type FieldBinding, type FieldList } from './form-fields';
import { FormSection } from './layout';

export interface DynamicRows<T extends Keyed> {
  rows: readonly T[];
  add: () => void;
  remove: (index: number) => void;
  update: (index: number, patch: Partial<Omit<T, 'key'>>) => void;
  canAdd: boolean;
  canRemove: boolean;
}

/**
 * Rows with stable keys. `minRows` rows always stay (1 by default: a form with no rows
 * has nothing to file); at most MAX_FORM_ROWS, the server's limit. `start` holds the rows
 * of a corrected copy; without any, the list starts with blank rows.
 */
export function useDynamicRows<T extends Keyed>(makeRow: (key: string) => T, minRows = 1, start: readonly T[] | null = null): DynamicRows<T> {
  const nextKey = useRef(0);
  const newKey = useCallback(() => {
    nextKey.current += 1;
    return `row-${nextKey.current}`;
  }, []);
  const [rows, setRows] = useState<readonly T[]>(() =>
    start && start.length > 0
      ? start.slice(0, MAX_FORM_ROWS)
      : Array.from({ length: Math.max(minRows, 1) }, (_, index) => makeRow(`row-start-${index}`)),
  );

  const add = () => setRows((current) => (current.length >= MAX_FORM_ROWS ? current : [...current, makeRow(newKey())]));
  const remove = (index: number) =>
    setRows((current) => (current.length <= minRows ? current : current.filter((_, position) => position !== index)));
  const update = (index: number, patch: Partial<Omit<T, 'key'>>) =>
    setRows((current) => current.map((row, position) => (position === index ? { ...row, ...patch } : row)));

  return { rows, add, remove, update, canAdd: rows.length < MAX_FORM_ROWS, canRemove: rows.length > minRows };
}

/** 'Add Row', or 'Add Visit Row' where a form has two lists. */
export function AddRowButton({ noun, onClick, isDisabled }: { noun?: string; onClick: () => void; isDisabled?: boolean }) {
  return (
    <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={onClick} disabled={isDisabled}>
      {noun ? `Add ${noun} Row` : 'Add Row'}
    </Button>
  );
}

interface RowFrameProps {
  /** 'Requisition', 'Item', 'Visit': the row is the group 'Requisition 1'. */
  title: string;
  index: number;
  /** Set where one page has two lists, so 'Remove visit row 1' differs from 'Remove call row 1'. */
  noun?: string;
  canRemove: boolean;
  onRemove: () => void;
  isDisabled?: boolean;
  children: ReactNode;
}

export function RowFrame({ title, index, noun, canRemove, onRemove, isDisabled, children }: RowFrameProps) {
  const number = index + 1;
  const name = `${title} ${number}`;
  const removeLabel = noun ? `Remove ${noun.toLowerCase()} row ${number}` : `Remove row ${number}`;
  return (
    <Paper variant="outlined" role="group" aria-label={name} sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'grey.50', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }} aria-hidden>
          {name}
        </Typography>
        {/* describeChild: no aria-label on the wrapper span (ARIA allows none there). */}
        <Tooltip title={removeLabel} describeChild>
          <span>
            <IconButton aria-label={removeLabel} size="small" onClick={onRemove} disabled={!canRemove || isDisabled}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {children}
    </Paper>
  );
}

export function RowList({ children }: { children: ReactNode }) {
  return <Stack spacing={1.5}>{children}</Stack>;
}

/** What a form's rows need of it: its type (for the file limits) and its problems. */
export interface RowsForm {
  type: FormType;
  problems: Problems;
  clearProblem: (key: string) => void;
  resetProblems: () => void;
  isSubmitting: boolean;
}

type FileRow = Keyed & { files?: readonly File[] };

/**
 * The fields of row `index`: edits go to that row, and its problem keys are
 * `<list>.<index>.<payload name>` (`requisitions.2.quantity`).
 */
const rowBinding = <T extends FileRow>(form: RowsForm, rows: DynamicRows<T>, list: string, names: PayloadNames<T>, row: T, index: number): FieldBinding<T> => {
  const problemKey = (key: keyof T) => `${list}.${index}.${payloadName(names, key)}`;
  return {
    values: row,
    onChange: (key, patch) => {
      rows.update(index, patch);
      form.clearProblem(problemKey(key));
    },
    problem: (key) => form.problems.get(problemKey(key)),
    files: (prefix) => ({
      files: row.files ?? [],
      onChange: (files) => {
        const patch: Partial<FileRow> = { files };
        rows.update(index, patch as Partial<T>);
      },
      maxCount: rowFileLimit(form.type, prefix),
    }),
    isSubmitting: form.isSubmitting,
  };
};

interface RowsSectionProps<T extends FileRow> {
  form: RowsForm;
  /** The rows' name in the payload and in their problem keys: 'requisitions'. */
  list: string;
  /** Where a value's payload name differs from its own (`companyName` is `company_name`). */
  names?: PayloadNames<T>;
  /** The section heading: 'Requisitions', 'Items', 'Visit'. */
  heading: string;
  /** Each row's group name: 'Requisition' makes 'Requisition 1'. */
  rowTitle: string;
  /** Where one page has two lists ('Visit', 'Call'): names the add and remove buttons. */
  noun?: string;
  rows: DynamicRows<T>;
  fields: FieldList<T>;
  columns?: 2 | 4;
}

/** A form's repeating rows: the section, one frame of fields per row, and the add button under them. */
export function RowsSection<T extends FileRow>({ form, list, names = {}, heading, rowTitle, noun, rows, fields, columns }: RowsSectionProps<T>) {
  return (
    <FormSection title={heading}>
      <RowList>
        {rows.rows.map((row, index) => (
          <RowFrame
            key={row.key}
            title={rowTitle}
            index={index}
            {...(noun ? { noun } : {})}
            canRemove={rows.canRemove}
            onRemove={() => {
              rows.remove(index);
              // Problems are keyed by row index, so they are worked out again on the next submit.
              form.resetProblems();
            }}
            isDisabled={form.isSubmitting}
          >
            <FormFields fields={fields} binding={rowBinding(form, rows, list, names, row, index)} columns={columns} />
          </RowFrame>
        ))}
      </RowList>
      <Box sx={{ mt: 1.5 }}>
        <AddRowButton {...(noun ? { noun } : {})} onClick={rows.add} isDisabled={!rows.canAdd || form.isSubmitting} />
      </Box>
    </FormSection>
  );
}

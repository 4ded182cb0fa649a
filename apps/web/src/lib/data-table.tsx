import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { QueryProblem } from './query-problem';
import { visuallyHidden } from './visually-hidden';

export interface DataColumn<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** The server's sort key for this column, when the list can be sorted by it. */
  sortKey?: string;
  /** The card's title on a phone (the row's name). */
  isPrimary?: boolean;
  /** Left off the phone's cards, where only the key facts fit. */
  isHiddenOnPhone?: boolean;
  align?: 'left' | 'right';
  /** Short values that read badly broken (dates, counts). */
  isNoWrap?: boolean;
}

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  key: string;
  direction: SortDirection;
  onChange: (key: string, direction: SortDirection) => void;
}

interface DataTableProps<Row> {
  /** The table's name, read out and shown to no one. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The row's buttons or menu, in a last column (a card's foot on a phone). */
  actions?: (row: Row) => ReactNode;
  sort?: TableSort;
  emptyText: string;
  /** A new page is being read: the rows shown are the previous ones. */
  isFetching?: boolean;
  rowTestId?: string;
  /** Rows that stand apart (a retired value, a deactivated person). */
  isMuted?: (row: Row) => boolean;
}

/**
 * A list of records as a table on wide screens and as cards on a phone, where a table's
 * columns would not fit. The rows are one page the server chose: sorting and paging ask
 * the server again, so a list of thousands is never held whole in the page.
 */
export function DataTable<Row>({ label, columns, rows, rowKey, actions, sort, emptyText, isFetching, rowTestId, isMuted }: DataTableProps<Row>) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const progress = (
    <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress aria-label={`Loading ${label}`} /> : null}</Box>
  );
  if (isPhone) {
    const primary = columns.filter((column) => column.isPrimary);
    const details = columns.filter((column) => !column.isPrimary && !column.isHiddenOnPhone);
    const sortable = columns.filter((column) => column.sortKey);
    return (
      <Box>
        {sort && sortable.length > 0 ? (
          <TextField
            select
            size="small"
            label="Sort by"
            value={`${sort.key}:${sort.direction}`}
            onChange={(event) => {
              const [key = '', direction] = event.target.value.split(':');
              sort.onChange(key, direction === 'desc' ? 'desc' : 'asc');
            }}
            sx={{ mb: 1.5, maxWidth: 320 }}
          >
            {sortable.flatMap((column) => [
              <MenuItem key={`${column.sortKey}:asc`} value={`${column.sortKey}:asc`}>
                {column.label}, ascending
              </MenuItem>,
              <MenuItem key={`${column.sortKey}:desc`} value={`${column.sortKey}:desc`}>
                {column.label}, descending
              </MenuItem>,
            ])}
          </TextField>
        ) : null}
        {progress}
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        ) : (
          <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {rows.map((row) => (
              <Paper
                component="li"
                variant="outlined"
                key={rowKey(row)}
                data-testid={rowTestId}
                sx={{ p: 2, bgcolor: isMuted?.(row) ? 'grey.100' : 'background.paper' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere', pt: actions ? 0.75 : 0 }}>
                    {primary.map((column) => (
                      <Box key={column.key}>{column.render(row)}</Box>
                    ))}
                  </Box>
                  {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end', flexShrink: 0 }}>{actions(row)}</Box> : null}
                </Box>
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', columnGap: 1.5, rowGap: 0.5 }}>
                  {details.map((column) => (
                    <Box key={column.key} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {column.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {column.render(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Paper>
            ))}
          </Box>
        )}
      </Box>
    );
  }
  return (
    <Paper variant="outlined">
      {progress}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const isSorted = sort !== undefined && column.sortKey === sort.key;
                return (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sortDirection={isSorted ? sort.direction : false}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    {sort && column.sortKey ? (
                      <TableSortLabel
                        active={isSorted}
                        direction={isSorted ? sort.direction : 'asc'}
                        // A second click on the sorted column turns its direction.
                        onClick={() => sort.onChange(column.sortKey!, isSorted && sort.direction === 'asc' ? 'desc' : 'asc')}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
              {actions ? (
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + (actions ? 1 : 0)} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)} data-testid={rowTestId} hover sx={isMuted?.(row) ? { bgcolor: 'grey.100' } : undefined}>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align} sx={column.isNoWrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {actions ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(row)}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** What a table needs to know of the query that reads its rows. */
export interface TableQuery {
  isError: boolean;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A DataTable over a query: the server's sentence with a retry when it could not be read,
 * 'Loading…' until the first answer, and the previous rows dimmed while the next page comes.
 */
export function QueryDataTable<Row>({ query, emptyText, ...table }: Omit<DataTableProps<Row>, 'isFetching'> & { query: TableQuery }) {
  return (
    <>
      {query.isError && query.error ? <QueryProblem error={query.error} onRetry={() => void query.refetch()} /> : null}
      <DataTable {...table} isFetching={query.isFetching} emptyText={query.isPending ? 'Loading…' : emptyText} />
    </>
  );
}

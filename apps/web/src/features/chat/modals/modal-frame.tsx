import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ErefKey } from '@ichat/shared';
import { useId, type ReactNode } from 'react';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { ClosableDialogTitle } from '../../../lib/closable-dialog-title';

/** The props of a modal about the open conversation (its files, log, search). */
export interface ConversationModalProps {
  conversationId: number;
  isOpen: boolean;
  onClose: () => void;
}

interface ModalFrameProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}

/** A titled dialog with a close button: the frame of the chat's information modals. */
export function ModalFrame({ isOpen, title, onClose, children, maxWidth = 'md' }: ModalFrameProps) {
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <ClosableDialogTitle id={titleId} onClose={onClose}>
        {title}
      </ClosableDialogTitle>
      <DialogContent dividers>{children}</DialogContent>
    </Dialog>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center', fontWeight: 500, letterSpacing: 0.5, my: 3 }}>
      {children}
    </Typography>
  );
}

/** The spinner a list modal shows while its rows load. */
export function ModalLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress size={28} aria-label={label} />
    </Box>
  );
}

interface ModalTableProps {
  /** The table's accessible name. */
  label: string;
  /** The header cells. */
  columns: ReactNode;
  /** The body rows. */
  children: ReactNode;
}

/** A compact table for the list modals; it scrolls sideways on narrow screens instead of squeezing. */
export function ModalTable({ label, columns, children }: ModalTableProps) {
  return (
    // A region that scrolls must take focus, or a keyboard cannot scroll it (on a phone the
    // rows hold no focusable control of their own to scroll them into view).
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>{columns}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}

interface QueryModalProps<Item> {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  maxWidth?: ModalFrameProps['maxWidth'];
  /** The query the modal shows; its failure is reported with `errorKey`. */
  query: { data: Item[] | undefined; isPending: boolean; error: unknown; errorUpdatedAt: number };
  errorKey: ErefKey;
  loadingLabel: string;
  emptyText: string;
  children: (items: Item[]) => ReactNode;
}

/** An information modal over one list query: loading, the empty text, or the items. */
export function QueryModal<Item>({ isOpen, title, onClose, maxWidth, query, errorKey, loadingLabel, emptyText, children }: QueryModalProps<Item>) {
  useQueryErrorReport(errorKey, query.error, query.errorUpdatedAt);
  const items = query.data ?? [];
  return (
    <ModalFrame isOpen={isOpen} title={title} onClose={onClose} {...(maxWidth ? { maxWidth } : {})}>
      {query.isPending ? <ModalLoading label={loadingLabel} /> : items.length === 0 ? <EmptyText>{emptyText}</EmptyText> : children(items)}
    </ModalFrame>
  );
}

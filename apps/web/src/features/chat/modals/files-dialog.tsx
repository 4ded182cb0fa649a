import { FILE_NAME_PREVIEW_LENGTH, formatKilobytes, TEXT, truncate } from '@ichat/shared';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useFilesQuery } from '../api/queries';
import { messageAttachmentUrl } from '../../../lib/assets';
import { isImageType } from '../lib/assets';
import { ModalTable, QueryModal, type ConversationModalProps } from './modal-frame';

/** View Files: Display Name, File Name, Preview and a VIEW link (000 §2 Modals). */
export function FilesDialog({ conversationId, isOpen, onClose }: ConversationModalProps) {
  const query = useFilesQuery(conversationId, isOpen);
  return (
    <QueryModal
      isOpen={isOpen}
      title="Files"
      onClose={onClose}
      query={query}
      errorKey="VIEW_CONVERSATION_FILES_ERROR"
      loadingLabel="Loading files"
      emptyText={TEXT.noFilesFound}
    >
      {(rows) => (
        <ModalTable
          label="Files"
          columns={
            <>
              <TableCell>Display Name</TableCell>
              <TableCell>File Name</TableCell>
              <TableCell>Preview</TableCell>
              <TableCell align="right" />
            </>
          }
        >
          {rows.map(({ id, user, message_attachment: file }) => (
            <TableRow key={id}>
              <TableCell>{user.display_name}</TableCell>
              <TableCell title={file.original_name}>
                {truncate(file.original_name, FILE_NAME_PREVIEW_LENGTH)}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                  {formatKilobytes(file.size)}
                </Box>
              </TableCell>
              <TableCell>
                {isImageType(file.file_type) ? (
                  <Box
                    component="img"
                    src={messageAttachmentUrl(file.attachment)}
                    alt={file.original_name}
                    loading="lazy"
                    sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                  />
                ) : (
                  <InsertDriveFileOutlinedIcon color="action" titleAccess="File" />
                )}
              </TableCell>
              <TableCell align="right">
                <Link
                  href={messageAttachmentUrl(file.attachment)}
                  target="_blank"
                  rel="noopener noreferrer"
                  underline="hover"
                  sx={{ fontWeight: 600 }}
                >
                  VIEW
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </ModalTable>
      )}
    </QueryModal>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { messageAttachmentUrl } from '../../../lib/assets';

export interface LightboxImage {
  attachment: string;
  original_name: string;
}

/** The image lightbox (000 §2 Modals): the attachment at full size on a dark backdrop. */
export function ImageLightbox({ image, onClose }: { image: LightboxImage | null; onClose: () => void }) {
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      maxWidth={false}
      aria-label={image ? `Image ${image.original_name}` : 'Image'}
      slotProps={{ paper: { sx: { bgcolor: 'transparent', boxShadow: 'none', m: 1 } } }}
    >
      {image ? (
        <Box sx={{ position: 'relative' }}>
          <Box
            component="img"
            src={messageAttachmentUrl(image.attachment)}
            alt={image.original_name}
            sx={{ display: 'block', maxWidth: '92vw', maxHeight: '88vh', objectFit: 'contain', borderRadius: 1 }}
          />
          <Box sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', gap: 1 }}>
            <IconButton
              component="a"
              href={messageAttachmentUrl(image.attachment)}
              download={image.original_name}
              aria-label="Download image"
              sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
            >
              <DownloadIcon />
            </IconButton>
            <IconButton
              aria-label="Close image"
              onClick={onClose}
              sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        </Box>
      ) : null}
    </Dialog>
  );
}

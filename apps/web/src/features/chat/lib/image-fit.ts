/**
 * Images are shrunk before upload to fit 800 × 800 keeping proportions, at quality 0.6
 * (000 §5); other files go unchanged.
 */
import { IMAGE_RESIZE_MAX_PX, IMAGE_RESIZE_QUALITY } from '@ichat/shared';

export const RESIZABLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const isResizableImage = (type: string): boolean => (RESIZABLE_IMAGE_TYPES as readonly string[]).includes(type);

/** The size that fits inside max × max keeping proportions; never enlarged. */
export const fitWithin = (
  width: number,
  height: number,
  max: number = IMAGE_RESIZE_MAX_PX,
): { width: number; height: number } => {
  if (width <= max && height <= max) return { width, height };
  const scale = Math.min(max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

const canvasToBlob = (canvas: HTMLCanvasElement, type: string): Promise<Blob | null> =>
  new Promise((resolve) => canvas.toBlob(resolve, type, IMAGE_RESIZE_QUALITY));

/** The file to upload: a JPEG, PNG or WebP redrawn to fit; anything else (or any failure) as chosen. */
export const shrinkImage = async (file: File): Promise<File> => {
  if (!isResizableImage(file.type)) return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file);
    const size = fitWithin(bitmap.width, bitmap.height);
    const isSameSize = size.width === bitmap.width && size.height === bitmap.height;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvasToBlob(canvas, file.type);
    // A small image re-encoded can come out bigger: then the original is the better upload.
    if (!blob || (isSameSize && blob.size >= file.size)) return file;
    return new File([blob], file.name, { type: blob.type || file.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
};

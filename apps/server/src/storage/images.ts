/**
 * Image processing with sharp, which works on libuv's thread pool and so stays off the
 * event loop. Re-encoding also strips whatever a crafted file carried beside its pixels.
 */
import sharp from 'sharp';
import { badRequest } from '../errors.js';

const PROFILE_PHOTO_PX = 512;
/** Refuse decompression bombs: 50 megapixels is far beyond any phone photo. */
const MAX_INPUT_PIXELS = 50_000_000;

export const PROFILE_PHOTO_NOT_IMAGE = 'The profile photo must be a JPEG, PNG, WebP or GIF image.';

export const CONVERSATION_IMAGE_NOT_IMAGE = 'The conversation image must be a JPEG, PNG, WebP or GIF image.';

/** Square, centred, 512 px WebP for a profile photo. Throws 400 if the file is not an image. */
export const writeProfilePhoto = (inputPath: string, outputPath: string): Promise<void> =>
  writeSquareImage(inputPath, outputPath, PROFILE_PHOTO_NOT_IMAGE);

/** Square, centred, 512 px WebP (profile photos, group images); 400 with `notImageMessage` otherwise. */
export const writeSquareImage = async (inputPath: string, outputPath: string, notImageMessage: string): Promise<void> => {
  try {
    const image = sharp(inputPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !['jpeg', 'png', 'webp', 'gif'].includes(format)) throw badRequest(notImageMessage);
    await image
      .rotate()
      .resize(PROFILE_PHOTO_PX, PROFILE_PHOTO_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toFile(outputPath);
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw badRequest(notImageMessage);
  }
};

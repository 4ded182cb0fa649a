/**
 * Where stored images and files are served (000 §7, 001 §7), from the shared route table.
 * A plain <img> or <a> cannot send the bearer header; the `token` cookie authorises them.
 */
import { routes } from '@ichat/shared';
import defaultAvatarUrl from '../assets/default-avatar.svg';
import { routeUrl } from './api-client';

/** A profile photo or a conversation image. */
export const imageUrl = (name: string): string => routeUrl(routes.assets.image, { name });

/** A person's photo, or the default avatar when they have none. */
export const profilePhotoUrl = (profilePhoto: string | null | undefined): string =>
  profilePhoto ? imageUrl(profilePhoto) : defaultAvatarUrl;

export const messageAttachmentUrl = (name: string): string => routeUrl(routes.assets.messageAttachment, { name });

export const requestAttachmentUrl = (name: string): string => routeUrl(routes.assets.requestAttachment, { name });

import defaultAvatarUrl from '../../assets/default-avatar.svg';

/** Stored photos are served to signed-in users; the `token` cookie rides along with <img>. */
export const profilePhotoUrl = (profilePhoto: string | null | undefined): string =>
  profilePhoto ? `/assets/images-data/${encodeURIComponent(profilePhoto)}` : defaultAvatarUrl;

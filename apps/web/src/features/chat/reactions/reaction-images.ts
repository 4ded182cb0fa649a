/** The image and name of each reaction type (000 §3: "each with an image"), shipped with the app. */
import type { ReactionType } from '@ichat/shared';
import hahaUrl from './images/haha.svg';
import heartUrl from './images/heart.svg';
import likeUrl from './images/like.svg';
import sadUrl from './images/sad.svg';
import saluteUrl from './images/salute.svg';
import thanksUrl from './images/thanks.svg';

export interface ReactionImage {
  src: string;
  /** What the image shows, for labels and tooltips. */
  label: string;
}

export const REACTION_IMAGES: Readonly<Record<ReactionType, ReactionImage>> = {
  haha: { src: hahaUrl, label: 'Haha' },
  heart: { src: heartUrl, label: 'Heart' },
  like: { src: likeUrl, label: 'Like' },
  thanks: { src: thanksUrl, label: 'Thanks' },
  sad: { src: sadUrl, label: 'Sad' },
  salute: { src: saluteUrl, label: 'Salute' },
};

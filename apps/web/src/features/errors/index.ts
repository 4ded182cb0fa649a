/** The error pages (001 §2): 404 and 500 with their countdown home; the offline screen. */
export { OfflineScreen } from './offline-screen';
/** MUI screens, loaded when one is first shown (docs/DESIGN.md, "Web delivery"). */
export const loadErrorPages = () => import('./error-pages');

/** The error pages (001 §2): 404 and 500 with their countdown home. */
export { NotFoundPage } from './not-found-page';
export { ServerErrorPage } from './server-error-page';
export { AppNotAvailablePage } from './app-not-available-page';
export { OfflineScreen } from './offline-screen';

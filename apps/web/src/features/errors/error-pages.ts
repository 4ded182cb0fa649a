/** The error pages, loaded together when one is first shown (features/errors/index.ts). */
export { NotFoundPage } from './not-found-page';
export { ServerErrorPage } from './server-error-page';
export { AppNotAvailablePage } from './app-not-available-page';

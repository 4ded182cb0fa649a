/** Requests and approvals (001). */
export { RequestsPage } from './requests-page';

/** Requests and approvals (001). */
export { RequestsPage } from './requests-page';
export { useWaitingApprovalsCount } from './api/queries';

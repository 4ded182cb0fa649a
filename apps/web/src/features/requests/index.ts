/** Requests and approvals (001). */
/** The portal's code loads when it is opened: chat never downloads it (docs/DESIGN.md, "Web delivery"). */
export const loadRequestsPage = () => import('./requests-page');
export { useWaitingApprovalsCount } from './api/queries';

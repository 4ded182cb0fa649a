/** Stand-ins: an approver names someone to decide their pending requests for a range of days. */
/** The screen's code loads when it is opened (docs/DESIGN.md, "Web delivery"). */
export const loadStandInsPage = () => import('./stand-ins-page');
export { StandInsPanel } from './stand-ins-panel';

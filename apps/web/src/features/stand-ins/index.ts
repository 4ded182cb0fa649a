/** Stand-ins: an approver names someone to decide their pending requests for a range of days. */
export { StandInsPage } from './stand-ins-page';
export { StandInsPanel } from './stand-ins-panel';

/**
 * Administration (docs/DECISIONS.md, "Administration"): people, departments and catalogues,
 * forms' access and approval chains, stand-ins, reminders, exports and the audit log.
 */
export const loadAdminArea = () => import('./admin-area');

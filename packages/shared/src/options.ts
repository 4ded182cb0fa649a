/**
 * Enumerations and option lists of both documents (000 §3, 001 §1, §5, §9). Validation on
 * the server and the choices shown in the page both come from these arrays.
 */

export const REACTION_TYPES = ['haha', 'heart', 'like', 'thanks', 'sad', 'salute'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const CONVERSATION_ACTIONS = [
  'MUTE',
  'ADD',
  'REMOVE',
  'LEAVE',
  'DELETE',
  'CREATE',
  'UPDATE',
  'PIN',
] as const;
export type ConversationActionType = (typeof CONVERSATION_ACTIONS)[number];

/** The notifications about requests; each opens the request's detail. */
export const FORM_REQUEST_NOTIFICATION_TYPES = [
  'new form request',
  'approve form request',
  'approved form request',
  'denied form request',
  // Added: the requester took a request back; its approvers are told (docs/DECISIONS.md).
  'withdrawn form request',
] as const;

export const NOTIFICATION_TYPES = ['reaction', 'mention', 'thread mention', 'mute', 'unmute', 'removed', ...FORM_REQUEST_NOTIFICATION_TYPES] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const LIVE_MESSAGE_TYPES = [
  'user-chat',
  'user-actions-chat',
  'user-thread-chat',
  'user-reactions-chat',
  'user-sidebar-chat',
] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

/**
 * A request's status: the document's two (Pending, Approved) plus Denied and Withdrawn,
 * which end it too (docs/DECISIONS.md, "Requests and approvals").
 */
export const REQUEST_STATUSES = ['pending', 'approved', 'denied', 'withdrawn'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The eight form types (001 §1, §2), in the order the document lists them. */
export const FORM_TYPES = [
  'epr',
  'offsetting',
  'prospecting',
  'transmittal',
  'explain-why',
  'ccar',
  'so-lo',
  'edsr',
] as const;
export type FormType = (typeof FORM_TYPES)[number];

/**
 * The submit paths (POST /api/v1/forms/{kind}/{id}) and the form types each takes: the
 * prospecting call also files the explain-why, ccar and so-lo forms (001 §7), and each of
 * those may use its own path too.
 */
export const SUBMIT_KIND_FORM_TYPES = {
  epr: ['epr'],
  offset: ['offsetting'],
  prospecting: ['prospecting', 'explain-why', 'ccar', 'so-lo'],
  transmittal: ['transmittal'],
  'explain-why': ['explain-why'],
  ccar: ['ccar'],
  'so-lo': ['so-lo'],
  edsr: ['edsr'],
} as const satisfies Record<string, readonly FormType[]>;
export type SubmitKind = keyof typeof SUBMIT_KIND_FORM_TYPES;
export const SUBMIT_PATH_KINDS = Object.keys(SUBMIT_KIND_FORM_TYPES) as SubmitKind[];

export const FORM_TYPE_NAMES: Record<FormType, string> = {
  epr: 'Electronic Purchase Requisition',
  offsetting: 'Offsetting Form',
  prospecting: 'Prospecting Form',
  transmittal: 'Transmittal Form',
  'explain-why': 'Explain Why You Should Not Be Penalized Memo',
  ccar: 'Customer Corrective Action Request Form',
  'so-lo': 'SO/LO Requisition',
  edsr: 'Electronic Daily Sales Report',
};

export const ACCUMULATED_HOURS = [2, 3, 4, 5] as const;
export const DEFAULT_ACCUMULATED_HOURS = 2;
export const OFFSET_TYPES = ['Whole Day', '1st Half', '2nd Half'] as const;
export const DEFAULT_OFFSET_TYPE = 'Whole Day';

export const PENALTIES = [
  'Verbal Warning',
  'Written Warning',
  'Final Written Warning',
  '3 Days Suspension',
  '5 Days Suspension',
  '7 Days Suspension',
  '10 Days Suspension',
  '12 Days Suspension',
  '15 Days Suspension',
  'Dismissal or Termination',
] as const;

export const OFFENSES = ['1st Offense', '2nd Offense', '3rd Offense', '4th Offense', '5th Offense', 'Other'] as const;

export const RULE_NUMBERS = [
  'I - Acts of Dishonesty/Disloyalty',
  'II - Conduct and Behavior',
  'III - Job Performance',
  'IV - Attendance',
  'V - Safety & Security/Sanitation & Health',
  'VI - Company Property & Assets',
] as const;

export const ISSUED_TO = [
  'Finance',
  'Sales',
  'Warehouse / Supply Chain',
  'Customer Fulfillment and Delivery',
  'Other',
] as const;

export const NC_SOURCES = [
  'Delivery (Customer Complaint)',
  'Quality (Customer Complaint)',
  'Audit',
  'Incident Report',
] as const;

export const WAREHOUSES = [
  'Bacolod',
  'Bohol',
  'Cavite Depot',
  'NCR',
  'Ormoc',
  'Starport Mindoro',
  'Tacloban',
  'Top Armada Mindoro',
  'Other',
] as const;

export const SO_LO_REQUEST_TYPES = [
  'Republic Cement SO/LO',
  'Century Peak SO',
  'Union Cement ATW/SO',
  'Mabuhay Cement ATW and COF',
  'Other',
] as const;

/** The 17 Philippine regions (001 §9), as the Philippine Standard Geographic Code lists them. */
export const REGIONS = [
  'NCR',
  'CAR',
  'BARMM',
  'Region I',
  'Region II',
  'Region III',
  'Region IV-A',
  'Region IV-B',
  'Region V',
  'Region VI',
  'Region VII',
  'Region VIII',
  'Region IX',
  'Region X',
  'Region XI',
  'Region XII',
  'Region XIII',
] as const;
export type Region = (typeof REGIONS)[number];

/**
 * Provinces (and, for NCR, the cities and the municipality) of each region, after the
 * Philippine Standard Geographic Code. Highly urbanised cities outside NCR are listed under
 * their region so an address there can be chosen too.
 */
export const PROVINCES_BY_REGION: Record<Region, readonly string[]> = {
  NCR: [
    'Caloocan', 'Las Piñas', 'Makati', 'Malabon', 'Mandaluyong', 'Manila', 'Marikina', 'Muntinlupa', 'Navotas',
    'Parañaque', 'Pasay', 'Pasig', 'Pateros', 'Quezon City', 'San Juan', 'Taguig', 'Valenzuela',
  ],
  CAR: ['Abra', 'Apayao', 'Baguio City', 'Benguet', 'Ifugao', 'Kalinga', 'Mountain Province'],
  BARMM: ['Basilan', 'Cotabato City', 'Lanao del Sur', 'Maguindanao del Norte', 'Maguindanao del Sur', 'Sulu', 'Tawi-Tawi'],
  'Region I': ['Ilocos Norte', 'Ilocos Sur', 'La Union', 'Pangasinan'],
  'Region II': ['Batanes', 'Cagayan', 'Isabela', 'Nueva Vizcaya', 'Quirino'],
  'Region III': ['Angeles City', 'Aurora', 'Bataan', 'Bulacan', 'Nueva Ecija', 'Olongapo City', 'Pampanga', 'Tarlac', 'Zambales'],
  'Region IV-A': ['Batangas', 'Cavite', 'Laguna', 'Lucena City', 'Quezon', 'Rizal'],
  'Region IV-B': ['Marinduque', 'Occidental Mindoro', 'Oriental Mindoro', 'Palawan', 'Puerto Princesa City', 'Romblon'],
  'Region V': ['Albay', 'Camarines Norte', 'Camarines Sur', 'Catanduanes', 'Masbate', 'Sorsogon'],
  'Region VI': ['Aklan', 'Antique', 'Bacolod City', 'Capiz', 'Guimaras', 'Iloilo', 'Iloilo City', 'Negros Occidental'],
  'Region VII': ['Bohol', 'Cebu', 'Cebu City', 'Lapu-Lapu City', 'Mandaue City', 'Negros Oriental', 'Siquijor'],
  'Region VIII': ['Biliran', 'Eastern Samar', 'Leyte', 'Northern Samar', 'Samar', 'Southern Leyte', 'Tacloban City'],
  'Region IX': ['Isabela City', 'Zamboanga City', 'Zamboanga del Norte', 'Zamboanga del Sur', 'Zamboanga Sibugay'],
  'Region X': ['Bukidnon', 'Cagayan de Oro City', 'Camiguin', 'Iligan City', 'Lanao del Norte', 'Misamis Occidental', 'Misamis Oriental'],
  'Region XI': ['Davao City', 'Davao de Oro', 'Davao del Norte', 'Davao del Sur', 'Davao Occidental', 'Davao Oriental'],
  'Region XII': ['Cotabato', 'General Santos City', 'Sarangani', 'South Cotabato', 'Sultan Kudarat'],
  'Region XIII': ['Agusan del Norte', 'Agusan del Sur', 'Butuan City', 'Dinagat Islands', 'Surigao del Norte', 'Surigao del Sur'],
};

/** Readable reference-id prefixes per form type, e.g. EPR-2026-000123. */
export const REFERENCE_PREFIXES: Record<FormType, string> = {
  epr: 'EPR',
  offsetting: 'OFS',
  prospecting: 'PRS',
  transmittal: 'TRM',
  'explain-why': 'EWM',
  ccar: 'CCAR',
  'so-lo': 'SOLO',
  edsr: 'EDSR',
};

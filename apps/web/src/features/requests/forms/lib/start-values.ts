/**
 * A corrected copy (docs/DECISIONS.md, "Administration"): the values each form starts from,
 * read back from the denied request as the detail answers it, the inverse of payloads.ts.
 * The server keeps the form's own fields in `details` (under their payload names, trimmed)
 * and the rows as lines (description, remarks, quantity, price in pesos, the rest in `data`).
 *
 * Files are not carried: a browser cannot prefill a file input, so they are attached again.
 * A value the form can no longer take starts empty, so the check outlines it instead of the
 * server refusing it: a date needed that has passed, a company or purchase type no longer
 * offered, an option that is not in the list. Pure functions, unit-tested per form.
 */
import {
  ACCUMULATED_HOURS,
  DEFAULT_ACCUMULATED_HOURS,
  DEFAULT_OFFSET_TYPE,
  ISSUED_TO,
  NC_SOURCES,
  OFFENSES,
  OFFSET_TYPES,
  PENALTIES,
  REGIONS,
  RULE_NUMBERS,
  SO_LO_REQUEST_TYPES,
  WAREHOUSES,
  pesosToCentavos,
  type RequestDetail,
} from '@ichat/shared';
import { centavosToPesoText } from './amounts';
import {
  provincesOf,
  type CcarValues,
  type EdsrValues,
  type EprValues,
  type ExplainWhyValues,
  type OffsetValues,
  type ProspectingValues,
  type SalesRow,
  type SoLoValues,
  type TransmittalValues,
} from './payloads';

/** The part of a request's detail a form is filled in from. */
export type FiledRequest = Pick<RequestDetail['requisition'], 'details' | 'pr_purchases_detail'>;
type Line = FiledRequest['pr_purchases_detail'][number];

/** A stored text (or number) as the form's text; anything else is empty. */
const text = (record: Record<string, unknown> | null, key: string): string => {
  const value = record?.[key];
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
};

/** The value when the form still offers it, else empty. */
const offered = (options: readonly string[], value: string): string => (options.includes(value) ? value : '');

/** A date needed may not be in the past (docs/DECISIONS.md, "Requests and approvals"); one that has passed is chosen again. */
const notPast = (date: string, today: string): string => (date >= today ? date : '');

/** Each copied row has a key of its own, as a row added on screen does. */
const rowKey = (list: string, index: number): string => `copy-${list}-${index}`;

const linesOf = (request: FiledRequest, kind: string): Line[] => request.pr_purchases_detail.filter((line) => line.kind === kind);

/**
 * A stored amount in pesos written back the way a person types it ('250.50'). No price, or
 * 0, is left blank: the form sends a blank price as 0.00, so that is what it was.
 */
const pesoText = (pesos: number | null): string => (pesos === null || pesos === 0 ? '' : centavosToPesoText(pesosToCentavos(pesos)));

/** An ePR requisition or a transmittal item, as payloads.ts's lineItemPayload sent it. */
const lineItem = (list: string) => (line: Line, index: number) => ({
  key: rowKey(list, index),
  description: line.description,
  remarks: line.remarks,
  quantity: String(line.quantity),
  price: pesoText(line.estimated_price),
});

// ---------------------------------------------------------------- ePR

/** The companies and purchase request types the form offers now (retired ones have left). */
export interface EprChoices {
  companies: readonly { id: number }[];
  purchase_request_types: readonly { id: number }[];
}

const offeredId = (items: readonly { id: number }[], value: unknown): string =>
  typeof value === 'number' && items.some((item) => item.id === value) ? String(value) : '';

export const eprStartValues = (request: FiledRequest, choices: EprChoices, today: string): EprValues => {
  const { details } = request;
  return {
    companyId: offeredId(choices.companies, details['company_id']),
    recommendedSupplier: text(details, 'recommended_supplier'),
    purchaseRequestId: offeredId(choices.purchase_request_types, details['purchase_request_id']),
    urgent: details['urgent'] === true,
    dateNeeded: notPast(text(details, 'date_needed'), today),
    rows: linesOf(request, 'requisition').map((line, index) => ({ ...lineItem('requisitions')(line, index), files: [] })),
  };
};

// ---------------------------------------------------------------- offsetting

const offsetHours = (value: unknown): number =>
  typeof value === 'number' && (ACCUMULATED_HOURS as readonly number[]).includes(value) ? value : DEFAULT_ACCUMULATED_HOURS;

export const offsetStartValues = (request: FiledRequest): OffsetValues => ({
  // Each row's date and hours are in its line's data; the line's description is the date too.
  rows: linesOf(request, 'offset').map((line, index) => ({
    key: rowKey('offsettingRows', index),
    date: text(line.data, 'date') || line.description,
    accumulatedHrs: offsetHours(line.data?.['accumulatedHrs'] ?? line.quantity),
  })),
  dateOffset: text(request.details, 'dateOffset'),
  typeOffset: offered(OFFSET_TYPES, text(request.details, 'typeOffset')) || DEFAULT_OFFSET_TYPE,
});

// ---------------------------------------------------------------- prospecting

export const prospectingStartValues = (request: FiledRequest): ProspectingValues => {
  const { details } = request;
  const region = offered(REGIONS, text(details, 'region'));
  return {
    region,
    province: offered(provincesOf(region), text(details, 'province')),
    specificAddress: text(details, 'specificAddress'),
    companyName: text(details, 'companyName'),
    contactName: text(details, 'contactName'),
    position: text(details, 'position'),
    mobileNumber: text(details, 'mobileNumber'),
    telephone1: text(details, 'telephone1'),
    telephone2: text(details, 'telephone2'),
    supplier: text(details, 'supplier'),
    volume: text(details, 'volume'),
    prospectsEmail: text(details, 'prospectsEmail'),
  };
};

// ---------------------------------------------------------------- transmittal

export const transmittalStartValues = (request: FiledRequest): TransmittalValues => ({
  receiver: text(request.details, 'receiver'),
  rows: linesOf(request, 'transmittal').map(lineItem('transmittals')),
});

// ---------------------------------------------------------------- explain-why, ccar, so-lo

export const explainWhyStartValues = (request: FiledRequest): ExplainWhyValues => {
  const { details } = request;
  return {
    manager: text(details, 'manager'),
    explanation: text(details, 'explanation'),
    penalty: offered(PENALTIES, text(details, 'penalty')),
    offense: offered(OFFENSES, text(details, 'offense')),
    ruleNo: offered(RULE_NUMBERS, text(details, 'rule_no')),
  };
};

export const ccarStartValues = (request: FiledRequest): CcarValues => {
  const { details } = request;
  return {
    issuedTo: offered(ISSUED_TO, text(details, 'issued_to')),
    ncSource: offered(NC_SOURCES, text(details, 'nc_source')),
    warehouse: offered(WAREHOUSES, text(details, 'warehouse')),
    referenceNumber: text(details, 'reference_number'),
    description: text(details, 'description'),
  };
};

export const soLoStartValues = (request: FiledRequest, today: string): SoLoValues => {
  const { details } = request;
  return {
    requestType: offered(SO_LO_REQUEST_TYPES, text(details, 'request_type')),
    urgent: details['urgent'] === true,
    dateNeeded: notPast(text(details, 'date_needed'), today),
    description: text(details, 'description'),
  };
};

// ---------------------------------------------------------------- edsr

/** A visit or call: the company name is the line's description, the comments its remarks. */
const salesRow = (list: string) => (line: Line, index: number): SalesRow => ({
  key: rowKey(list, index),
  companyName: line.description,
  comments: line.remarks,
  actionToBeDone: text(line.data, 'action_to_be_done'),
  order: text(line.data, 'order'),
  files: [],
});

export const edsrStartValues = (request: FiledRequest): EdsrValues => ({
  visits: linesOf(request, 'visit').map(salesRow('visits')),
  calls: linesOf(request, 'call').map(salesRow('calls')),
});

/**
 * What each form holds while it is being filled in, the required-field check the page runs
 * before sending (001 §5: invalid fields get a red outline), and the payload of the shared
 * contract that goes to the server. Pure functions, so they are unit-tested.
 *
 * A problem key names the field the way the payload does: `company_id`,
 * `requisitions.2.quantity`.
 */
import {
  PROVINCES_BY_REGION,
  REGIONS,
  type CcarData,
  type EdsrData,
  type EprData,
  type ExplainWhyData,
  type OffsetBody,
  type ProspectingData,
  type Region,
  type SoLoData,
  type TransmittalData,
} from '@ichat/shared';
import { amountToCentavos, centavosToPesoText, parseQuantity, quantityToHundredths } from './amounts';
import type { FormFiles } from './multipart';

export type Problems = ReadonlySet<string>;
export const NO_PROBLEMS: Problems = new Set();

const blank = (text: string): boolean => text.trim() === '';
/** Empty, unparsable, zero or negative. */
const badQuantity = (text: string): boolean => blank(text) || quantityToHundredths(text) <= 0;
const requireText = (problems: Set<string>, key: string, value: string) => {
  if (blank(value)) problems.add(key);
};

/** Every row of a dynamic list carries a key React can keep while rows come and go. */
export interface Keyed {
  key: string;
}

// ---------------------------------------------------------------- ePR

export interface EprRow<F = File> extends Keyed {
  description: string;
  remarks: string;
  quantity: string;
  price: string;
  files: readonly F[];
}
export interface EprValues<F = File> {
  companyId: string;
  recommendedSupplier: string;
  purchaseRequestId: string;
  urgent: boolean;
  dateNeeded: string;
  rows: readonly EprRow<F>[];
}

export const eprProblems = (values: EprValues<unknown>): Problems => {
  const problems = new Set<string>();
  requireText(problems, 'company_id', values.companyId);
  requireText(problems, 'purchase_request_id', values.purchaseRequestId);
  requireText(problems, 'date_needed', values.dateNeeded);
  values.rows.forEach((row, index) => {
    requireText(problems, `requisitions.${index}.description`, row.description);
    if (badQuantity(row.quantity)) problems.add(`requisitions.${index}.quantity`);
  });
  return problems;
};

export const eprPayload = (values: EprValues<unknown>): EprData => ({
  company_id: Number(values.companyId),
  recommended_supplier: values.recommendedSupplier.trim(),
  purchase_request_id: Number(values.purchaseRequestId),
  urgent: values.urgent,
  date_needed: values.dateNeeded,
  requisitions: values.rows.map((row) => ({
    description: row.description.trim(),
    remarks: row.remarks.trim(),
    quantity: parseQuantity(row.quantity),
    price: centavosToPesoText(amountToCentavos(row.price)),
  })),
});

export const eprFiles = <F>(values: EprValues<F>): FormFiles<F> => ({
  rows: { attachments: values.rows.map((row) => row.files) },
});

// ---------------------------------------------------------------- offsetting

export interface OffsetRow extends Keyed {
  date: string;
  accumulatedHrs: number;
}
export interface OffsetValues {
  rows: readonly OffsetRow[];
  dateOffset: string;
  typeOffset: string;
}

export const totalHours = (rows: readonly { accumulatedHrs: number }[]): number =>
  rows.reduce((sum, row) => sum + row.accumulatedHrs, 0);

export const offsetProblems = (values: OffsetValues): Problems => {
  const problems = new Set<string>();
  values.rows.forEach((row, index) => requireText(problems, `offsettingRows.${index}.date`, row.date));
  requireText(problems, 'dateOffset', values.dateOffset);
  requireText(problems, 'typeOffset', values.typeOffset);
  return problems;
};

export const offsetPayload = (values: OffsetValues): OffsetBody => ({
  offsettingRows: values.rows.map((row) => ({ date: row.date, accumulatedHrs: row.accumulatedHrs })),
  totalHours: totalHours(values.rows),
  dateOffset: values.dateOffset,
  typeOffset: values.typeOffset as OffsetBody['typeOffset'],
});

// ---------------------------------------------------------------- prospecting

export interface ProspectingValues {
  region: string;
  province: string;
  specificAddress: string;
  companyName: string;
  contactName: string;
  position: string;
  mobileNumber: string;
  telephone1: string;
  telephone2: string;
  supplier: string;
  volume: string;
  prospectsEmail: string;
}

export const isRegion = (value: string): value is Region => (REGIONS as readonly string[]).includes(value);
/** The provinces offered once a region is chosen; none before. */
export const provincesOf = (region: string): readonly string[] => (isRegion(region) ? PROVINCES_BY_REGION[region] : []);

export const PROSPECTING_REQUIRED = ['region', 'province', 'specificAddress', 'companyName', 'contactName', 'position'] as const;

export const prospectingProblems = (values: ProspectingValues): Problems => {
  const problems = new Set<string>();
  for (const key of PROSPECTING_REQUIRED) requireText(problems, key, values[key]);
  if (!problems.has('province') && !provincesOf(values.region).includes(values.province)) problems.add('province');
  return problems;
};

export const prospectingPayload = (values: ProspectingValues): ProspectingData => ({
  region: values.region as ProspectingData['region'],
  province: values.province,
  specificAddress: values.specificAddress.trim(),
  companyName: values.companyName.trim(),
  contactName: values.contactName.trim(),
  position: values.position.trim(),
  mobileNumber: values.mobileNumber.trim(),
  telephone1: values.telephone1.trim(),
  telephone2: values.telephone2.trim(),
  supplier: values.supplier.trim(),
  volume: values.volume.trim(),
  prospectsEmail: values.prospectsEmail.trim(),
});

// ---------------------------------------------------------------- transmittal

export interface TransmittalRow extends Keyed {
  description: string;
  quantity: string;
  price: string;
  remarks: string;
}
export interface TransmittalValues {
  receiver: string;
  rows: readonly TransmittalRow[];
}

export const transmittalProblems = (values: TransmittalValues): Problems => {
  const problems = new Set<string>();
  requireText(problems, 'receiver', values.receiver);
  values.rows.forEach((row, index) => {
    requireText(problems, `transmittals.${index}.description`, row.description);
    if (badQuantity(row.quantity)) problems.add(`transmittals.${index}.quantity`);
  });
  return problems;
};

export const transmittalPayload = (values: TransmittalValues): TransmittalData => ({
  receiver: values.receiver.trim(),
  transmittals: values.rows.map((row) => ({
    description: row.description.trim(),
    quantity: parseQuantity(row.quantity),
    price: centavosToPesoText(amountToCentavos(row.price)),
    remarks: row.remarks.trim(),
  })),
});

// ---------------------------------------------------------------- explain-why, ccar, so-lo

export interface ExplainWhyValues {
  manager: string;
  explanation: string;
  penalty: string;
  offense: string;
  ruleNo: string;
}

export const explainWhyProblems = (values: ExplainWhyValues): Problems => {
  const problems = new Set<string>();
  requireText(problems, 'manager', values.manager);
  requireText(problems, 'explanation', values.explanation);
  requireText(problems, 'penalty', values.penalty);
  requireText(problems, 'offense', values.offense);
  requireText(problems, 'rule_no', values.ruleNo);
  return problems;
};

export const explainWhyPayload = (values: ExplainWhyValues): ExplainWhyData => ({
  manager: values.manager.trim(),
  explanation: values.explanation.trim(),
  penalty: values.penalty as ExplainWhyData['penalty'],
  offense: values.offense as ExplainWhyData['offense'],
  rule_no: values.ruleNo as ExplainWhyData['rule_no'],
});

export interface CcarValues {
  issuedTo: string;
  ncSource: string;
  warehouse: string;
  referenceNumber: string;
  description: string;
}

export const ccarProblems = (values: CcarValues): Problems => {
  const problems = new Set<string>();
  requireText(problems, 'issued_to', values.issuedTo);
  requireText(problems, 'nc_source', values.ncSource);
  requireText(problems, 'warehouse', values.warehouse);
  requireText(problems, 'description', values.description);
  return problems;
};

export const ccarPayload = (values: CcarValues): CcarData => ({
  issued_to: values.issuedTo as CcarData['issued_to'],
  nc_source: values.ncSource as CcarData['nc_source'],
  warehouse: values.warehouse as CcarData['warehouse'],
  reference_number: values.referenceNumber.trim(),
  description: values.description.trim(),
});

export interface SoLoValues {
  requestType: string;
  urgent: boolean;
  dateNeeded: string;
  description: string;
}

export const soLoProblems = (values: SoLoValues): Problems => {
  const problems = new Set<string>();
  requireText(problems, 'request_type', values.requestType);
  requireText(problems, 'date_needed', values.dateNeeded);
  requireText(problems, 'description', values.description);
  return problems;
};

export const soLoPayload = (values: SoLoValues): SoLoData => ({
  request_type: values.requestType as SoLoData['request_type'],
  urgent: values.urgent,
  date_needed: values.dateNeeded,
  description: values.description.trim(),
});

// ---------------------------------------------------------------- edsr

export interface SalesRow<F = File> extends Keyed {
  companyName: string;
  comments: string;
  actionToBeDone: string;
  order: string;
  files: readonly F[];
}
export interface EdsrValues<F = File> {
  visits: readonly SalesRow<F>[];
  calls: readonly SalesRow<F>[];
}

/** A row left wholly empty is not a visit or call; it is left out rather than refused. */
export const isBlankSalesRow = (row: SalesRow<unknown>): boolean =>
  blank(row.companyName) && blank(row.comments) && blank(row.actionToBeDone) && blank(row.order) && row.files.length === 0;

/** Problems keyed by the row's position on screen (`visits.0.company_name`). */
export const edsrProblems = (values: EdsrValues<unknown>): Problems => {
  const problems = new Set<string>();
  const check = (list: 'visits' | 'calls') =>
    values[list].forEach((row, index) => {
      if (!isBlankSalesRow(row)) requireText(problems, `${list}.${index}.company_name`, row.companyName);
    });
  check('visits');
  check('calls');
  // Nothing filled in at all: the first visit's company name is what is missing.
  if (values.visits.every(isBlankSalesRow) && values.calls.every(isBlankSalesRow)) {
    problems.add(values.visits.length > 0 ? 'visits.0.company_name' : 'calls.0.company_name');
  }
  return problems;
};

/** The payload and row files with blank rows left out, so file indexes match the sent rows. */
export const edsrSubmission = <F>(values: EdsrValues<F>): { data: EdsrData; files: FormFiles<F> } => {
  const visits = values.visits.filter((row) => !isBlankSalesRow(row));
  const calls = values.calls.filter((row) => !isBlankSalesRow(row));
  const toData = (row: SalesRow<F>) => ({
    company_name: row.companyName.trim(),
    comments: row.comments.trim(),
    action_to_be_done: row.actionToBeDone.trim(),
    order: row.order.trim(),
  });
  return {
    data: { visits: visits.map(toData), calls: calls.map(toData) },
    files: { rows: { visit_proof: visits.map((row) => row.files), call_proof: calls.map((row) => row.files) } },
  };
};

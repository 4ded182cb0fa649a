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
  type FormType,
  type OffsetBody,
  type ProspectingData,
  type Region,
  type SoLoData,
  type TransmittalData,
} from '@ichat/shared';
import { amountToCentavos, centavosToPesoText, parseQuantity, priceProblem, quantityProblem } from './amounts';
import type { FormFiles } from './multipart';

/** Each field with a problem, by its problem key, and the sentence shown under it. */
export type Problems = ReadonlyMap<string, string>;
export const NO_PROBLEMS: Problems = new Map();

/** What a required field left empty says under it; the form says TEXT.fillRequired above its submit. */
export const REQUIRED_PROBLEM = 'This field is required.';

const blank = (text: string): boolean => text.trim() === '';
type ProblemEntry = readonly [string, string];
const problemsOf = (entries: Iterable<ProblemEntry>): Problems => new Map(entries);
const requiredOnes = (keys: readonly string[]): ProblemEntry[] => keys.map((key) => [key, REQUIRED_PROBLEM]);

/** Every row of a dynamic list carries a key React can keep while rows come and go. */
export interface Keyed {
  key: string;
}

/**
 * A value's name in the payload where it differs from its name in the form (`companyId` is
 * `company_id`). The problem key of a field is that payload name, so the screen clears the
 * outline the check set.
 */
export type PayloadNames<V> = { readonly [K in keyof V]?: string };

export const payloadName = <V>(names: PayloadNames<V>, key: keyof V): string => names[key] ?? String(key);

/** How a form made only of fields (no repeating rows) is checked, and what it sends. */
export interface FieldsFormRules<V> {
  type: FormType;
  names?: PayloadNames<V>;
  problems: (values: V) => Problems;
  payload: (values: V) => unknown;
}

/** The required texts left blank, in the order they are listed. */
const blankOnes = <V extends Record<K, string>, K extends keyof V>(values: V, required: readonly K[], names: PayloadNames<V> = {}): ProblemEntry[] =>
  requiredOnes(required.filter((key) => blank(values[key])).map((key) => payloadName(names, key)));

type Renamed<V, N> = { [K in keyof V as K extends keyof N ? (N[K] extends string ? N[K] : K) : K]: V[K] };

/**
 * The values under their payload names with texts trimmed (a choice from a list or a date
 * has nothing to trim). Only the forms whose payload is their values, renamed, use it.
 */
const renamed = <V extends object, N extends PayloadNames<V>>(values: V, names: N): Renamed<V, N> =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [payloadName(names, key as keyof V), typeof value === 'string' ? value.trim() : value]),
  ) as Renamed<V, N>;

/** What an ePR requisition and a transmittal item are both made of. */
interface LineItem {
  description: string;
  remarks: string;
  quantity: string;
  price: string;
}

/**
 * Each line needs a description and a quantity above zero (001 §5), and a price the server
 * takes (issue 17: no letters, no negatives); keys as `requisitions.2.quantity`.
 */
const lineItemProblems = (list: string, rows: readonly LineItem[], priceLabel: string): ProblemEntry[] =>
  rows.flatMap((row, index) => {
    const at = (name: string, problem: string | null): ProblemEntry[] => (problem === null ? [] : [[`${list}.${index}.${name}`, problem]]);
    return [
      ...at('description', blank(row.description) ? REQUIRED_PROBLEM : null),
      ...at('quantity', blank(row.quantity) ? REQUIRED_PROBLEM : quantityProblem(row.quantity)),
      ...at('price', priceProblem(row.price, priceLabel)),
    ];
  });

/** Quantity and price as the server reads them: unparsable is 0 (001 §5). */
const lineItemPayload = (row: LineItem) => ({
  description: row.description.trim(),
  remarks: row.remarks.trim(),
  quantity: parseQuantity(row.quantity),
  price: centavosToPesoText(amountToCentavos(row.price)),
});

// ---------------------------------------------------------------- ePR

export interface EprRow<F = File> extends Keyed, LineItem {
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

export const EPR_NAMES = {
  companyId: 'company_id',
  recommendedSupplier: 'recommended_supplier',
  purchaseRequestId: 'purchase_request_id',
  dateNeeded: 'date_needed',
} as const satisfies PayloadNames<EprValues>;

export const eprProblems = (values: EprValues<unknown>): Problems =>
  problemsOf([
    ...blankOnes(values, ['companyId', 'purchaseRequestId', 'dateNeeded'], EPR_NAMES),
    ...lineItemProblems('requisitions', values.rows, 'Estimated price'),
  ]);

export const eprPayload = (values: EprValues<unknown>): EprData => ({
  company_id: Number(values.companyId),
  recommended_supplier: values.recommendedSupplier.trim(),
  purchase_request_id: Number(values.purchaseRequestId),
  urgent: values.urgent,
  date_needed: values.dateNeeded,
  requisitions: values.rows.map(lineItemPayload),
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

export const offsetProblems = (values: OffsetValues): Problems =>
  problemsOf([
    ...requiredOnes(values.rows.flatMap((row, index) => (blank(row.date) ? [`offsettingRows.${index}.date`] : []))),
    ...blankOnes(values, ['dateOffset', 'typeOffset']),
  ]);

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
  const problems = new Map(blankOnes(values, PROSPECTING_REQUIRED));
  if (!problems.has('province') && !provincesOf(values.region).includes(values.province)) problems.set('province', 'Choose a province of the region.');
  return problems;
};

export const prospectingPayload = (values: ProspectingValues): ProspectingData => renamed(values, {}) as ProspectingData;

export const PROSPECTING_RULES: FieldsFormRules<ProspectingValues> = { type: 'prospecting', problems: prospectingProblems, payload: prospectingPayload };

// ---------------------------------------------------------------- transmittal

export interface TransmittalRow extends Keyed, LineItem {}
export interface TransmittalValues {
  receiver: string;
  rows: readonly TransmittalRow[];
}

export const transmittalProblems = (values: TransmittalValues): Problems =>
  problemsOf([...blankOnes(values, ['receiver']), ...lineItemProblems('transmittals', values.rows, 'Amount')]);

export const transmittalPayload = (values: TransmittalValues): TransmittalData => ({
  receiver: values.receiver.trim(),
  transmittals: values.rows.map(lineItemPayload),
});

// ---------------------------------------------------------------- explain-why, ccar, so-lo

export interface ExplainWhyValues {
  manager: string;
  explanation: string;
  penalty: string;
  offense: string;
  ruleNo: string;
}
const EXPLAIN_WHY_NAMES = { ruleNo: 'rule_no' } as const satisfies PayloadNames<ExplainWhyValues>;

export const explainWhyProblems = (values: ExplainWhyValues): Problems =>
  problemsOf(blankOnes(values, ['manager', 'explanation', 'penalty', 'offense', 'ruleNo'], EXPLAIN_WHY_NAMES));

export const explainWhyPayload = (values: ExplainWhyValues): ExplainWhyData => renamed(values, EXPLAIN_WHY_NAMES) as ExplainWhyData;

export const EXPLAIN_WHY_RULES: FieldsFormRules<ExplainWhyValues> = {
  type: 'explain-why',
  names: EXPLAIN_WHY_NAMES,
  problems: explainWhyProblems,
  payload: explainWhyPayload,
};

export interface CcarValues {
  issuedTo: string;
  ncSource: string;
  warehouse: string;
  referenceNumber: string;
  description: string;
}
const CCAR_NAMES = {
  issuedTo: 'issued_to',
  ncSource: 'nc_source',
  referenceNumber: 'reference_number',
} as const satisfies PayloadNames<CcarValues>;

export const ccarProblems = (values: CcarValues): Problems =>
  problemsOf(blankOnes(values, ['issuedTo', 'ncSource', 'warehouse', 'description'], CCAR_NAMES));

export const ccarPayload = (values: CcarValues): CcarData => renamed(values, CCAR_NAMES) as CcarData;

export const CCAR_RULES: FieldsFormRules<CcarValues> = { type: 'ccar', names: CCAR_NAMES, problems: ccarProblems, payload: ccarPayload };

export interface SoLoValues {
  requestType: string;
  urgent: boolean;
  dateNeeded: string;
  description: string;
}
const SO_LO_NAMES = { requestType: 'request_type', dateNeeded: 'date_needed' } as const satisfies PayloadNames<SoLoValues>;

export const soLoProblems = (values: SoLoValues): Problems =>
  problemsOf(blankOnes(values, ['requestType', 'dateNeeded', 'description'], SO_LO_NAMES));

export const soLoPayload = (values: SoLoValues): SoLoData => renamed(values, SO_LO_NAMES) as SoLoData;

export const SO_LO_RULES: FieldsFormRules<SoLoValues> = { type: 'so-lo', names: SO_LO_NAMES, problems: soLoProblems, payload: soLoPayload };

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
export const SALES_ROW_NAMES = { companyName: 'company_name', actionToBeDone: 'action_to_be_done' } as const satisfies PayloadNames<SalesRow>;

/** A row left wholly empty is not a visit or call; it is left out rather than refused. */
export const isBlankSalesRow = (row: SalesRow<unknown>): boolean =>
  blank(row.companyName) && blank(row.comments) && blank(row.actionToBeDone) && blank(row.order) && row.files.length === 0;

/** Problems keyed by the row's position on screen (`visits.0.company_name`). */
export const edsrProblems = (values: EdsrValues<unknown>): Problems => {
  const companyName = payloadName(SALES_ROW_NAMES, 'companyName');
  const problems = new Map<string, string>();
  const check = (list: 'visits' | 'calls') =>
    values[list].forEach((row, index) => {
      if (!isBlankSalesRow(row) && blank(row.companyName)) problems.set(`${list}.${index}.${companyName}`, REQUIRED_PROBLEM);
    });
  check('visits');
  check('calls');
  // Nothing filled in at all: the first visit's company name is what is missing.
  if (values.visits.every(isBlankSalesRow) && values.calls.every(isBlankSalesRow)) {
    problems.set(values.visits.length > 0 ? `visits.0.${companyName}` : `calls.0.${companyName}`, 'Fill in at least one visit or call.');
  }
  return problems;
};

/** The payload and row files with blank rows left out, so file indexes match the sent rows. */
export const edsrSubmission = <F>(values: EdsrValues<F>): { data: EdsrData; files: FormFiles<F> } => {
  const visits = values.visits.filter((row) => !isBlankSalesRow(row));
  const calls = values.calls.filter((row) => !isBlankSalesRow(row));
  const toData = ({ key: _key, files: _files, ...texts }: SalesRow<F>) => renamed(texts, SALES_ROW_NAMES);
  return {
    data: { visits: visits.map(toData), calls: calls.map(toData) },
    files: { rows: { visit_proof: visits.map((row) => row.files), call_proof: calls.map((row) => row.files) } },
  };
};

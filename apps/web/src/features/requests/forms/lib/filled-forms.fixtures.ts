/**
 * One filled-in example of each form, as a person would type it: the payload tests and the
 * start-value tests both start from these, so a change to a form's values is made here once.
 * Imported by tests only.
 */
import type {
  CcarValues,
  EdsrValues,
  EprValues,
  ExplainWhyValues,
  OffsetValues,
  ProspectingValues,
  SoLoValues,
  TransmittalValues,
} from './payloads';

export const filledEpr: EprValues = {
  companyId: '3',
  recommendedSupplier: 'Holcim',
  purchaseRequestId: '2',
  urgent: true,
  dateNeeded: '2026-05-06',
  rows: [
    { key: 'a', description: 'Portland cement', remarks: 'Type 1', quantity: '10', price: '250.50', files: [] },
    { key: 'b', description: 'Rebar 10mm', remarks: '', quantity: '2.5', price: '', files: [] },
  ],
};

export const filledOffset: OffsetValues = {
  rows: [
    { key: 'a', date: '2026-04-20', accumulatedHrs: 3 },
    { key: 'b', date: '2026-04-21', accumulatedHrs: 5 },
  ],
  dateOffset: '2026-05-08',
  typeOffset: '2nd Half',
};

export const filledProspecting: ProspectingValues = {
  region: 'Region VII',
  province: 'Cebu',
  specificAddress: '12 Osmeña Blvd',
  companyName: 'Cebu Builders',
  contactName: 'Ana Reyes',
  position: 'Purchasing',
  mobileNumber: '0917 123 4567',
  telephone1: '',
  telephone2: '',
  supplier: 'Holcim',
  volume: '500 bags a month',
  prospectsEmail: 'ana@cebubuilders.ph',
};

export const filledTransmittal: TransmittalValues = {
  receiver: 'Warehouse NCR',
  rows: [
    { key: 'a', description: 'Rebar', quantity: '3', price: '', remarks: '' },
    { key: 'b', description: 'Cement', quantity: '40', price: '255.75', remarks: 'Two pallets' },
  ],
};

export const filledExplainWhy: ExplainWhyValues = {
  manager: 'Jose Garcia',
  explanation: 'The bus broke down on the way.',
  penalty: 'Verbal Warning',
  offense: '1st Offense',
  ruleNo: 'IV - Attendance',
};

export const filledCcar: CcarValues = {
  issuedTo: 'Warehouse / Supply Chain',
  ncSource: 'Audit',
  warehouse: 'Bohol',
  referenceNumber: 'AUD-17',
  description: 'Torn bags on arrival',
};

export const filledSoLo: SoLoValues = {
  requestType: 'Republic Cement SO/LO',
  urgent: true,
  dateNeeded: '2026-05-06',
  description: 'Release 200 bags',
};

type EdsrRow = EdsrValues['visits'][number];

/** A visit or call row with only what differs said. */
export const edsrRow = (key: string, companyName: string, more: Partial<EdsrRow> = {}): EdsrRow => ({
  key,
  companyName,
  comments: '',
  actionToBeDone: '',
  order: '',
  files: [],
  ...more,
});

export const filledEdsr: EdsrValues = {
  visits: [
    edsrRow('a', 'Cavite Builders Depot', { comments: 'Asked for the new price list', order: '200 bags' }),
    edsrRow('b', 'Imus Hardware'),
  ],
  calls: [edsrRow('c', 'Bacoor Steel', { actionToBeDone: 'Call back on Friday' })],
};

import { FORM_DATA_SCHEMAS } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import {
  ccarPayload,
  ccarProblems,
  edsrProblems,
  eprPayload,
  eprProblems,
  explainWhyPayload,
  explainWhyProblems,
  offsetPayload,
  offsetProblems,
  prospectingPayload,
  prospectingProblems,
  provincesOf,
  soLoPayload,
  soLoProblems,
  totalHours,
  transmittalPayload,
  transmittalProblems,
  type EprValues,
} from './payloads';
import { edsrRow, filledCcar, filledExplainWhy, filledProspecting, filledSoLo, filledTransmittal } from './filled-forms.fixtures';

const eprRow = (over: Partial<EprValues['rows'][number]> = {}) => ({
  key: 'k',
  description: 'Portland cement',
  remarks: '',
  quantity: '10',
  price: '250.50',
  files: [],
  ...over,
});
const epr = (over: Partial<EprValues> = {}): EprValues => ({
  companyId: '1',
  recommendedSupplier: ' Holcim ',
  purchaseRequestId: '2',
  urgent: true,
  dateNeeded: '2026-05-06',
  rows: [eprRow()],
  ...over,
});

describe('ePR required fields (001 §5)', () => {
  it('accepts a complete form and builds a payload the contract takes', () => {
    expect(eprProblems(epr()).size).toBe(0);
    const payload = eprPayload(epr());
    expect(payload).toEqual({
      company_id: 1,
      recommended_supplier: 'Holcim',
      purchase_request_id: 2,
      urgent: true,
      date_needed: '2026-05-06',
      requisitions: [{ description: 'Portland cement', remarks: '', quantity: 10, price: '250.50' }],
    });
    expect(FORM_DATA_SCHEMAS.epr.safeParse(payload).success).toBe(true);
  });

  it('flags the placeholder selects, blank descriptions and empty or zero quantities', () => {
    const problems = eprProblems(
      epr({
        companyId: '',
        purchaseRequestId: '',
        rows: [eprRow({ description: '   ' }), eprRow({ quantity: '' }), eprRow({ quantity: '0' }), eprRow({ quantity: 'abc' }), eprRow()],
      }),
    );
    expect([...problems.keys()].sort()).toEqual([
      'company_id',
      'purchase_request_id',
      'requisitions.0.description',
      'requisitions.1.quantity',
      'requisitions.2.quantity',
      'requisitions.3.quantity',
    ]);
  });

  it('sends an unparsable price as 0', () => {
    expect(eprPayload(epr({ rows: [eprRow({ price: 'n/a' })] })).requisitions[0]?.price).toBe('0.00');
  });
});

describe('offsetting', () => {
  const offset = { rows: [{ key: 'a', date: '2026-05-01', accumulatedHrs: 2 }, { key: 'b', date: '2026-05-02', accumulatedHrs: 5 }], dateOffset: '2026-05-08', typeOffset: 'Whole Day' };
  it('sums the hours and builds the JSON body', () => {
    expect(totalHours(offset.rows)).toBe(7);
    const body = offsetPayload(offset);
    expect(body.totalHours).toBe(7);
    expect(FORM_DATA_SCHEMAS.offsetting.safeParse(body).success).toBe(true);
  });
  it('needs every date', () => {
    expect([...offsetProblems({ ...offset, rows: [{ key: 'a', date: '', accumulatedHrs: 2 }], dateOffset: '' }).keys()]).toEqual([
      'offsettingRows.0.date',
      'dateOffset',
    ]);
  });
});

describe('prospecting', () => {
  const values = filledProspecting;
  it('requires region, province, address, company, contact and position', () => {
    const empty = Object.fromEntries(Object.keys(values).map((key) => [key, ''])) as unknown as typeof values;
    expect([...prospectingProblems(empty).keys()].sort()).toEqual(
      ['companyName', 'contactName', 'position', 'province', 'region', 'specificAddress'].sort(),
    );
    expect(prospectingProblems(values).size).toBe(0);
    expect(FORM_DATA_SCHEMAS.prospecting.safeParse(prospectingPayload(values)).success).toBe(true);
  });
  it('offers provinces only for a chosen region and refuses one of another region', () => {
    expect(provincesOf('')).toEqual([]);
    expect(provincesOf('Region VII')).toContain('Cebu');
    expect([...prospectingProblems({ ...values, province: 'Pampanga' }).keys()]).toEqual(['province']);
  });
});

describe('transmittal, explain-why, ccar, so-lo', () => {
  it('transmittal needs the receiver, each item and its quantity', () => {
    const ok = filledTransmittal;
    expect(transmittalProblems(ok).size).toBe(0);
    expect(FORM_DATA_SCHEMAS.transmittal.safeParse(transmittalPayload(ok)).success).toBe(true);
    expect([...transmittalProblems({ receiver: ' ', rows: [{ key: 'a', description: '', quantity: '0', price: '1', remarks: '' }] }).keys()]).toEqual([
      'receiver',
      'transmittals.0.description',
      'transmittals.0.quantity',
    ]);
  });

  it('explain-why, ccar and so-lo build what their schemas accept', () => {
    const explain = filledExplainWhy;
    expect(explainWhyProblems(explain).size).toBe(0);
    expect(FORM_DATA_SCHEMAS['explain-why'].safeParse(explainWhyPayload(explain)).success).toBe(true);
    expect(explainWhyProblems({ ...explain, penalty: '', manager: '' }).size).toBe(2);

    const ccar = { ...filledCcar, referenceNumber: '' };
    expect(ccarProblems(ccar).size).toBe(0);
    expect(FORM_DATA_SCHEMAS.ccar.safeParse(ccarPayload(ccar)).success).toBe(true);
    expect([...ccarProblems({ ...ccar, warehouse: '', description: '' }).keys()]).toEqual(['warehouse', 'description']);

    const soLo = filledSoLo;
    expect(soLoProblems(soLo).size).toBe(0);
    expect(FORM_DATA_SCHEMAS['so-lo'].safeParse(soLoPayload(soLo)).success).toBe(true);
    expect([...soLoProblems({ ...soLo, requestType: '' }).keys()]).toEqual(['request_type']);
  });
});

describe('edsr', () => {
  const row = (companyName: string, comments = '') => edsrRow(companyName, companyName, { comments });
  it('skips blank rows, needs a company name on a started row, and at least one row', () => {
    expect(edsrProblems({ visits: [row('Acme')], calls: [row('')] }).size).toBe(0);
    expect([...edsrProblems({ visits: [row('', 'called twice')], calls: [] }).keys()]).toEqual(['visits.0.company_name']);
    expect([...edsrProblems({ visits: [row('')], calls: [row('')] }).keys()]).toEqual(['visits.0.company_name']);
  });
});

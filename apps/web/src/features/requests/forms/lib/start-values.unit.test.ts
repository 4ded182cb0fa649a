/**
 * A corrected copy starts from what was filed: for each form, values → the payload
 * payloads.ts builds → what the server stores and the detail answers → start values gives
 * the values back, wherever the server keeps them as typed.
 */
import { centavosToPesos, FORM_DATA_SCHEMAS, requestLineSchema } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import {
  ccarPayload,
  edsrSubmission,
  eprPayload,
  explainWhyPayload,
  offsetPayload,
  prospectingPayload,
  soLoPayload,
  transmittalPayload,
  type EdsrValues,
  type EprValues,
  type OffsetValues,
  type TransmittalValues,
} from './payloads';
import {
  edsrRow,
  filledCcar,
  filledEdsr,
  filledEpr,
  filledExplainWhy,
  filledOffset,
  filledProspecting,
  filledSoLo,
  filledTransmittal,
} from './filled-forms.fixtures';
import {
  ccarStartValues,
  edsrStartValues,
  eprStartValues,
  explainWhyStartValues,
  offsetStartValues,
  prospectingStartValues,
  soLoStartValues,
  transmittalStartValues,
  type FiledRequest,
} from './start-values';

// ------------------------------------------------ what the server keeps of a filed request
//
// The server's `prepare` keeps the form's own fields in `details` and its rows as lines; the
// detail answers prices in pesos. These mirror it for the tests, after the shared schema has
// read the payload as the server does (trimmed texts, defaults, prices in centavos), and the
// answer passes through JSON and the contract's line schema as on the wire.

type Line = FiledRequest['pr_purchases_detail'][number];
interface StoredLine {
  kind: string;
  description: string;
  remarks: string;
  quantity: number;
  priceCentavos: number | null;
  data: Record<string, unknown> | null;
}

const filed = (details: Record<string, unknown>, lines: StoredLine[] = []): FiledRequest => {
  const answer = {
    details,
    pr_purchases_detail: lines.map((line, index): Line => ({
      id: index + 1,
      kind: line.kind,
      description: line.description,
      remarks: line.remarks,
      quantity: line.quantity,
      estimated_price: line.priceCentavos === null ? null : centavosToPesos(line.priceCentavos),
      estimated_cost: null,
      data: line.data,
      purchases_attachment_detail: [],
      purchases_files_detail: [],
    })),
  };
  const wire = JSON.parse(JSON.stringify(answer)) as FiledRequest;
  return { details: wire.details, pr_purchases_detail: requestLineSchema.array().parse(wire.pr_purchases_detail) };
};

const priced = (kind: string, rows: { description: string; remarks: string; quantity: number; price: number }[]): StoredLine[] =>
  rows.map((row) => ({ kind, description: row.description, remarks: row.remarks, quantity: row.quantity, priceCentavos: row.price, data: null }));

const storedEpr = (values: EprValues<unknown>): FiledRequest => {
  const epr = FORM_DATA_SCHEMAS.epr.parse(eprPayload(values));
  return filed(
    {
      company_id: epr.company_id,
      company_name: 'Demo Construction Supply Inc.',
      recommended_supplier: epr.recommended_supplier,
      purchase_request_id: epr.purchase_request_id,
      purchase_request_type: 'Construction Materials',
      urgent: epr.urgent,
      date_needed: epr.date_needed,
    },
    priced('requisition', epr.requisitions),
  );
};

const storedTransmittal = (values: TransmittalValues): FiledRequest => {
  const transmittal = FORM_DATA_SCHEMAS.transmittal.parse(transmittalPayload(values));
  return filed({ receiver: transmittal.receiver }, priced('transmittal', transmittal.transmittals));
};

const storedOffset = (values: OffsetValues): FiledRequest => {
  const offset = FORM_DATA_SCHEMAS.offsetting.parse(offsetPayload(values));
  return filed(
    {
      totalHours: offset.offsettingRows.reduce((sum, row) => sum + row.accumulatedHrs, 0),
      dateOffset: offset.dateOffset,
      typeOffset: offset.typeOffset,
    },
    offset.offsettingRows.map((row) => ({
      kind: 'offset',
      description: row.date,
      remarks: '',
      quantity: row.accumulatedHrs,
      priceCentavos: null,
      data: { date: row.date, accumulatedHrs: row.accumulatedHrs },
    })),
  );
};

const storedEdsr = (values: EdsrValues<unknown>): FiledRequest => {
  const edsr = FORM_DATA_SCHEMAS.edsr.parse(edsrSubmission(values).data);
  const activity = (kind: string, rows: typeof edsr.visits): StoredLine[] =>
    rows.map((row) => ({
      kind,
      description: row.company_name,
      remarks: row.comments,
      quantity: 0,
      priceCentavos: null,
      data: { action_to_be_done: row.action_to_be_done, order: row.order },
    }));
  return filed({ visits: edsr.visits.length, calls: edsr.calls.length }, [...activity('visit', edsr.visits), ...activity('call', edsr.calls)]);
};

/** The forms made only of fields are stored as the schema read them. */
const storedAsRead = (schema: { parse: (input: unknown) => unknown }, payload: unknown): FiledRequest =>
  filed(schema.parse(payload) as Record<string, unknown>);

/** Rows compared without their keys, which only React reads. */
const withoutKeys = <T extends { key: string }>(rows: readonly T[]) => rows.map(({ key: _key, ...row }) => row);

const TODAY = '2026-05-04';

// ---------------------------------------------------------------- the eight forms

describe('ePR', () => {
  const choices = { companies: [{ id: 1 }, { id: 3 }], purchase_request_types: [{ id: 2 }] };
  const values = filledEpr;

  it('gives back every field and every requisition, without the files', () => {
    const start = eprStartValues(storedEpr(values), choices, TODAY);
    expect({ ...start, rows: withoutKeys(start.rows) }).toEqual({ ...values, rows: withoutKeys(values.rows) });
    expect(new Set(start.rows.map((row) => row.key)).size).toBe(2);
  });

  it('gives back what the server kept: texts trimmed, prices as pesos with two decimals', () => {
    const typed = { ...values, recommendedSupplier: '  Holcim ', rows: [{ ...values.rows[0]!, description: ' Portland cement ', price: '1,250.5' }] };
    const start = eprStartValues(storedEpr(typed), choices, TODAY);
    expect(start.recommendedSupplier).toBe('Holcim');
    expect(withoutKeys(start.rows)).toEqual([{ description: 'Portland cement', remarks: 'Type 1', quantity: '10', price: '1250.50', files: [] }]);
  });

  it('leaves empty what the form can no longer take: a passed date, a company or type no longer offered', () => {
    const start = eprStartValues(storedEpr(values), { companies: [{ id: 1 }], purchase_request_types: [] }, '2026-05-07');
    expect(start.dateNeeded).toBe('');
    expect(start.companyId).toBe('');
    expect(start.purchaseRequestId).toBe('');
    // Today itself is not in the past.
    expect(eprStartValues(storedEpr(values), choices, '2026-05-06').dateNeeded).toBe('2026-05-06');
  });
});

describe('offsetting', () => {
  const values = filledOffset;

  it('gives back each extended-hours row and the offset', () => {
    const start = offsetStartValues(storedOffset(values));
    expect({ ...start, rows: withoutKeys(start.rows) }).toEqual({ ...values, rows: withoutKeys(values.rows) });
  });

  it('starts an unknown type or hours at the form’s defaults', () => {
    const odd = filed({ dateOffset: '2026-05-08', typeOffset: 'Half' }, [
      { kind: 'offset', description: '2026-04-20', remarks: '', quantity: 9, priceCentavos: null, data: { date: '2026-04-20', accumulatedHrs: 9 } },
    ]);
    const start = offsetStartValues(odd);
    expect(start.typeOffset).toBe('Whole Day');
    expect(withoutKeys(start.rows)).toEqual([{ date: '2026-04-20', accumulatedHrs: 2 }]);
  });
});

describe('prospecting', () => {
  const values = filledProspecting;

  it('gives back every field', () => {
    expect(prospectingStartValues(storedAsRead(FORM_DATA_SCHEMAS.prospecting, prospectingPayload(values)))).toEqual(values);
  });

  it('leaves a region or province the lists do not hold empty', () => {
    const start = prospectingStartValues(filed({ ...values, region: 'Region XX' }));
    expect([start.region, start.province]).toEqual(['', '']);
  });
});

describe('transmittal', () => {
  const values = filledTransmittal;

  it('gives back the receiver and every item (a blank amount was sent as 0 and stays blank)', () => {
    const start = transmittalStartValues(storedTransmittal(values));
    expect({ ...start, rows: withoutKeys(start.rows) }).toEqual({ ...values, rows: withoutKeys(values.rows) });
  });
});

describe('explain-why', () => {
  const values = filledExplainWhy;

  it('gives back every field, the rule number from rule_no', () => {
    expect(explainWhyStartValues(storedAsRead(FORM_DATA_SCHEMAS['explain-why'], explainWhyPayload(values)))).toEqual(values);
  });
});

describe('ccar', () => {
  const values = filledCcar;

  it('gives back every field under its form name', () => {
    expect(ccarStartValues(storedAsRead(FORM_DATA_SCHEMAS.ccar, ccarPayload(values)))).toEqual(values);
  });

  it('leaves an option no longer in the list empty', () => {
    expect(ccarStartValues(filed({ ...ccarPayload(values), warehouse: 'Iloilo' })).warehouse).toBe('');
  });
});

describe('so-lo', () => {
  const values = filledSoLo;

  it('gives back every field', () => {
    expect(soLoStartValues(storedAsRead(FORM_DATA_SCHEMAS['so-lo'], soLoPayload(values)), TODAY)).toEqual(values);
  });

  it('leaves a date needed that has passed empty', () => {
    expect(soLoStartValues(storedAsRead(FORM_DATA_SCHEMAS['so-lo'], soLoPayload(values)), '2026-06-01').dateNeeded).toBe('');
  });
});

describe('edsr', () => {
  const values = filledEdsr;

  it('gives back every visit and call in its list', () => {
    const start = edsrStartValues(storedEdsr(values));
    expect({ visits: withoutKeys(start.visits), calls: withoutKeys(start.calls) }).toEqual({
      visits: withoutKeys(values.visits),
      calls: withoutKeys(values.calls),
    });
  });

  it('has no rows for a list that was left empty (the form adds its blank row)', () => {
    expect(edsrStartValues(storedEdsr({ visits: values.visits, calls: [edsrRow('c', '')] })).calls).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { PROVINCES_BY_REGION, REGIONS } from '../options.js';
import { calendarDateSchema, eprDataSchema, pesoAmountSchema, prospectingDataSchema, quantitySchema, reportsResponseSchema, requestLineSchema, requestListItemSchema } from './requests.js';

describe('request form schemas', () => {
  it('reads peso amounts as integer centavos without float sums', () => {
    const amount = pesoAmountSchema('Price');
    expect(amount.parse('1,250.50')).toBe(125050);
    expect(amount.parse(0.1)).toBe(10);
    expect(amount.parse('₱ 20')).toBe(2000);
    expect(amount.parse('')).toBe(0);
    expect(amount.parse('9999999999.99')).toBe(999999999999);
    for (const bad of ['12.345', '-1', 'abc', '1e5', '1.2.3']) expect(amount.safeParse(bad).success, bad).toBe(false);
  });

  it('takes quantities above zero with at most two decimals', () => {
    const quantity = quantitySchema('Quantity');
    expect(quantity.parse('2.5')).toBe(2.5);
    expect(quantity.parse(0.01)).toBe(0.01);
    for (const bad of [0, '', -1, 1.234, 2_000_000, 'x']) expect(quantity.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('knows real calendar dates only', () => {
    const date = calendarDateSchema('Date');
    expect(date.safeParse('2028-02-29').success).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1']) expect(date.safeParse(bad).success, bad).toBe(false);
  });

  it('lists provinces for all 17 regions and checks the pair', () => {
    expect(REGIONS).toHaveLength(17);
    for (const region of REGIONS) expect(PROVINCES_BY_REGION[region].length, region).toBeGreaterThan(0);
    const base = { specificAddress: 'x', companyName: 'x', contactName: 'x', position: 'x' };
    expect(prospectingDataSchema.safeParse({ ...base, region: 'Region VII', province: 'Cebu' }).success).toBe(true);
    expect(prospectingDataSchema.safeParse({ ...base, region: 'NCR', province: 'Cebu' }).success).toBe(false);
  });

  it('requires the ePR company, type and a described, counted row', () => {
    const valid = { company_id: 1, purchase_request_id: 1, date_needed: '2030-01-02', requisitions: [{ description: 'Cement', quantity: 1, price: '250' }] };
    expect(eprDataSchema.parse(valid).requisitions[0]?.price).toBe(25000);
    expect(eprDataSchema.safeParse({ ...valid, requisitions: [] }).success).toBe(false);
    expect(eprDataSchema.safeParse({ ...valid, company_id: undefined }).success).toBe(false);
  });

  it('describes every amount in an answer as pesos with at most 2 decimals', () => {
    const totalCost = requestListItemSchema.shape.total_cost;
    for (const good of [3703.75, 0.07, 0, null]) expect(totalCost.safeParse(good).success, String(good)).toBe(true);
    for (const bad of [3703.755, -1, 0.1 + 0.2, '3703.75']) expect(totalCost.safeParse(bad).success, String(bad)).toBe(false);
    expect(requestLineSchema.shape.estimated_price.safeParse(1234.56).success).toBe(true);
    expect(requestLineSchema.shape.estimated_cost.safeParse(3703.675).success).toBe(false);
    const reports = (value: number) => ({
      success: true,
      reports: { my_requests_by_status: [], my_requests_by_type: [], awaiting_me_by_type: [], amounts_by_month: [{ id: '2026-11', label: 'Nov 2026', value }] },
    });
    expect(reportsResponseSchema.safeParse(reports(3703.75)).success).toBe(true);
    expect(reportsResponseSchema.safeParse(reports(0.1 + 0.2)).success).toBe(false);
    expect(JSON.stringify(totalCost.toJSONSchema())).toContain('pesos, at most 2 decimals');
  });
});

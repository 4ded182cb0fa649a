import { describe, expect, it } from 'vitest';
import { amountToCentavos, centavosToPesoText, formatCentavos, lineCostCentavos, parseQuantity, priceProblem, quantityProblem, quantityToHundredths, totalCentavos } from './amounts';

describe('form amounts in integer centavos', () => {
  it('multiplies quantity by price without floating-point drift', () => {
    expect(lineCostCentavos('3', '0.10')).toBe(30);
    expect(lineCostCentavos('0.1', '0.2')).toBe(2); // ₱0.02, not 0.020000000000000004
    expect(lineCostCentavos('0.5', '0.01')).toBe(1); // half a centavo rounds up
    expect(lineCostCentavos('2', '1,250.50')).toBe(250_100);
    expect(lineCostCentavos('1.5', '99.99')).toBe(14_999); // 149.985 → 149.99 (half up, like the server)
    expect(lineCostCentavos('12', '₱ 19.99')).toBe(23_988);
  });

  it('treats unparsable or empty input as 0', () => {
    expect(lineCostCentavos('', '100')).toBe(0);
    expect(lineCostCentavos('abc', '100')).toBe(0);
    expect(lineCostCentavos('5', 'ten pesos')).toBe(0);
    expect(amountToCentavos('')).toBe(0);
    expect(parseQuantity('x')).toBe(0);
  });

  it('keeps large amounts exact', () => {
    expect(lineCostCentavos('1000000', '999999.99')).toBe(99_999_999_000_000);
    expect(lineCostCentavos('1000', '12345678.91')).toBe(1_234_567_891_000);
  });

  it('sums row costs and formats them as pesos', () => {
    const costs = [lineCostCentavos('2', '10.10'), lineCostCentavos('3', '0.30'), lineCostCentavos('', '5')];
    expect(totalCentavos(costs)).toBe(2110);
    expect(totalCentavos([])).toBe(0);
    expect(formatCentavos(totalCentavos(costs))).toBe('₱21.10');
    expect(formatCentavos(lineCostCentavos('3', '1234.56') + lineCostCentavos('7', '0.01'))).toBe('₱3,703.75');
  });

  it('reads quantities in hundredths', () => {
    expect(quantityToHundredths('1,200')).toBe(120_000);
    expect(quantityToHundredths('2.5')).toBe(250);
    expect(parseQuantity('2.5')).toBe(2.5);
  });

  it('writes centavos back as a plain peso amount', () => {
    expect(centavosToPesoText(0)).toBe('0.00');
    expect(centavosToPesoText(5)).toBe('0.05');
    expect(centavosToPesoText(125_050)).toBe('1250.50');
    expect(centavosToPesoText(-150)).toBe('-1.50');
  });
});

describe('quantities and prices refused at the field (issue 17)', () => {
  it.each([
    ['-5', 'Quantity cannot be negative.'],
    ['5 bags', 'Quantity must be a number.'],
    ['0', 'Quantity must be more than 0.'],
    ['1,000,001', 'Quantity must be at most 1,000,000.'],
    ['1.005', 'Quantity can have at most 2 decimals.'],
  ])('quantity %s: %s', (typed, problem) => expect(quantityProblem(typed)).toBe(problem));

  it.each([
    ['-250', 'Estimated price cannot be negative.'],
    ['12abc', 'Estimated price must be a number.'],
    ['1.999', 'Estimated price can have at most 2 decimals.'],
    ['99999999999', 'Estimated price must be at most ₱9,999,999,999.99.'],
  ])('price %s: %s', (typed, problem) => expect(priceProblem(typed)).toBe(problem));

  it('takes what the server takes', () => {
    for (const typed of ['', '1', '1,200', '2.5', '1,000,000']) expect(quantityProblem(typed)).toBeNull();
    for (const typed of ['', '0', '₱ 19.99', '1,250.50', '9,999,999,999.99']) expect(priceProblem(typed)).toBeNull();
    expect(priceProblem('-1', 'Amount')).toBe('Amount cannot be negative.');
  });

  it('costs nothing for a refused quantity or price, so −5 × −250 is not ₱1,250.00', () => {
    expect(lineCostCentavos('-5', '-250')).toBe(0);
    expect(lineCostCentavos('5', '-250')).toBe(0);
    expect(lineCostCentavos('5x', '250')).toBe(0);
  });
});

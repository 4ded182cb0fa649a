import { describe, expect, it } from 'vitest';
import { fileFieldLimit, fileParts, rowFileField, rowFileLimit } from './multipart';
import { edsrSubmission, eprFiles, type EprRow, type SalesRow } from './payloads';

type Fake = { name: string };
const f = (name: string): Fake => ({ name });

describe('multipart field names', () => {
  it('names row files <prefix>_<rowIndex>', () => {
    expect(rowFileField('attachments', 0)).toBe('attachments_0');
    expect(rowFileField('visit_proof', 2)).toBe('visit_proof_2');
  });

  it('puts each ePR row’s attachments under its row index', () => {
    const row = (key: string, files: Fake[]): EprRow<Fake> => ({ key, description: 'd', remarks: '', quantity: '1', price: '1', files });
    const values = { companyId: '1', recommendedSupplier: '', purchaseRequestId: '1', urgent: false, dateNeeded: '2026-01-01', rows: [row('a', [f('x'), f('y')]), row('b', []), row('c', [f('z')])] };
    expect(fileParts('epr', eprFiles(values)).map((part) => [part.field, part.file.name])).toEqual([
      ['attachments_0', 'x'],
      ['attachments_0', 'y'],
      ['attachments_2', 'z'],
    ]);
  });

  it('uses the form’s own field names and caps each at its maximum', () => {
    const parts = fileParts('so-lo', { fields: { signature: [f('one'), f('two')] } });
    expect(parts.map((part) => part.field)).toEqual(['signature']);
    expect(fileParts('explain-why', { fields: { explain_files: [f('a')], manager_signature: [f('s')] } }).map((p) => p.field)).toEqual([
      'explain_files',
      'manager_signature',
    ]);
  });

  it('tells how many files a form’s field and each row take', () => {
    expect(fileFieldLimit('explain-why', 'manager_signature')).toBe(1);
    expect(fileFieldLimit('prospecting', 'prospectingImages')).toBe(10);
    expect(rowFileLimit('edsr', 'call_proof')).toBe(10);
    expect(() => fileFieldLimit('ccar', 'signature')).toThrow(/no file field/);
    expect(() => rowFileLimit('transmittal', 'attachments')).toThrow(/no row files/);
  });

  it('refuses a field the form does not have', () => {
    expect(() => fileParts('ccar', { fields: { signature: [f('s')] } })).toThrow(/no file field/);
    expect(() => fileParts('offsetting', { rows: { attachments: [[f('a')]] } })).toThrow(/no row files/);
  });

  it('numbers EDSR proofs by the rows actually sent (blank rows left out)', () => {
    const row = (key: string, companyName: string, files: Fake[] = []): SalesRow<Fake> => ({
      key,
      companyName,
      comments: '',
      actionToBeDone: '',
      order: '',
      files,
    });
    const { data, files } = edsrSubmission({
      visits: [row('1', ''), row('2', 'Acme', [f('v')])],
      calls: [row('3', 'Beta', [f('c1')]), row('4', ''), row('5', 'Gamma', [f('c2')])],
    });
    expect(data.visits?.map((visit) => visit.company_name)).toEqual(['Acme']);
    expect(data.calls?.map((call) => call.company_name)).toEqual(['Beta', 'Gamma']);
    expect(fileParts('edsr', { ...files, fields: { signature: [f('sig')] } }).map((p) => `${p.field}:${p.file.name}`)).toEqual([
      'signature:sig',
      'visit_proof_0:v',
      'call_proof_0:c1',
      'call_proof_1:c2',
    ]);
  });
});

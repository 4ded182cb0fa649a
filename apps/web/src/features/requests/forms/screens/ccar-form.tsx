/** Customer Corrective Action Request Form (001 §2, §9 option lists). */
import { ISSUED_TO, NC_SOURCES, WAREHOUSES } from '@ichat/shared';
import { FieldsForm } from '../fields-form';
import { CCAR_RULES, type CcarValues } from '../lib/payloads';
import { ccarStartValues } from '../lib/start-values';
import type { FieldList } from '../parts/form-fields';
import type { FormScreenProps } from '../use-form-submit';

/** The original's label, in Filipino with the English after it. */
export const CCAR_DESCRIPTION_LABEL = 'Paglalarawan ng Hindi Pagsunod (Description of the Nonconformity)';

const FIELDS: FieldList<CcarValues> = [
  { kind: 'select', name: 'issuedTo', label: 'Issued to', options: ISSUED_TO, isRequired: true },
  { kind: 'select', name: 'ncSource', label: 'NonConformity Source', options: NC_SOURCES, isRequired: true },
  { kind: 'select', name: 'warehouse', label: 'Warehouse', options: WAREHOUSES, isRequired: true },
  { kind: 'text', name: 'referenceNumber', label: 'Customer / Audit Reference Number', maxLength: 200 },
  { kind: 'textarea', name: 'description', label: CCAR_DESCRIPTION_LABEL, minRows: 5, maxLength: 5000, isRequired: true, isWide: true },
  { kind: 'images', name: 'ccar_images', label: 'Images', isWide: true },
];

export function CcarForm(screen: FormScreenProps) {
  return <FieldsForm {...screen} rules={CCAR_RULES} startFrom={ccarStartValues} grids={[{ fields: FIELDS }]} />;
}

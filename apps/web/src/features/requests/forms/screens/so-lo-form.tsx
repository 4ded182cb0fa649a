/** SO/LO Requisition (001 §2, §9 option lists). */
import { SO_LO_REQUEST_TYPES } from '@ichat/shared';
import { FieldsForm } from '../fields-form';
import { defaultFormDate } from '../lib/dates';
import { SO_LO_RULES, type SoLoValues } from '../lib/payloads';
import { soLoStartValues } from '../lib/start-values';
import type { FieldList } from '../parts/form-fields';
import type { FormScreenProps } from '../use-form-submit';

const FIELDS: FieldList<SoLoValues> = [
  { kind: 'select', name: 'requestType', label: 'Type of Request', options: SO_LO_REQUEST_TYPES, isRequired: true },
  { kind: 'date', name: 'dateNeeded', label: 'Date Needed', initial: defaultFormDate, isRequired: true },
  { kind: 'checkbox', name: 'urgent', legend: 'Urgent', label: 'Yes', isWide: true },
  { kind: 'textarea', name: 'description', label: 'Description of Request', minRows: 4, maxLength: 5000, isRequired: true, isWide: true },
  { kind: 'images', name: 'signature', label: 'Signature', isWide: true },
];

export function SoLoForm(screen: FormScreenProps) {
  return <FieldsForm {...screen} rules={SO_LO_RULES} startFrom={soLoStartValues} grids={[{ fields: FIELDS }]} />;
}

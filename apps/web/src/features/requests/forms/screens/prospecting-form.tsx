/** Prospecting Form (001 §2, §3): region → province, the prospect's details, pictures. */
import { REGIONS } from '@ichat/shared';
import { FieldsForm } from '../fields-form';
import { PROSPECTING_RULES, provincesOf, type ProspectingValues } from '../lib/payloads';
import { prospectingStartValues } from '../lib/start-values';
import type { FieldList } from '../parts/form-fields';
import type { FormScreenProps } from '../use-form-submit';

const FIELDS: FieldList<ProspectingValues> = [
  // A new region clears the province: it must be picked again from that region's list.
  { kind: 'select', name: 'region', label: 'Region', options: REGIONS, placeholder: 'Select region', isRequired: true, resets: { province: '' } },
  {
    kind: 'select',
    name: 'province',
    label: 'Province',
    options: ({ region }) => provincesOf(region),
    placeholder: ({ region }) => (region ? 'Select province' : 'Choose a region first'),
    isDisabled: ({ region }) => region === '',
    isRequired: true,
  },
  { kind: 'text', name: 'specificAddress', label: 'Specific Address', maxLength: 500, isRequired: true, isWide: true },
  { kind: 'text', name: 'companyName', label: 'Company Name', maxLength: 200, isRequired: true },
  { kind: 'text', name: 'contactName', label: 'Contact Name', maxLength: 200, isRequired: true },
  { kind: 'text', name: 'position', label: 'Position', maxLength: 200, isRequired: true },
  { kind: 'text', name: 'mobileNumber', label: 'Mobile number', maxLength: 200, type: 'tel' },
  { kind: 'text', name: 'telephone1', label: 'Telephone No. 1', maxLength: 200, type: 'tel' },
  { kind: 'text', name: 'telephone2', label: 'Telephone No. 2', maxLength: 200, type: 'tel' },
  { kind: 'text', name: 'supplier', label: 'Supplier', maxLength: 200 },
  { kind: 'text', name: 'volume', label: 'Volume', maxLength: 200 },
  { kind: 'text', name: 'prospectsEmail', label: "Prospect's Email", maxLength: 200, type: 'email' },
  { kind: 'images', name: 'prospectingImages', label: 'Images', isWide: true },
];

export function ProspectingForm(screen: FormScreenProps) {
  return <FieldsForm {...screen} rules={PROSPECTING_RULES} startFrom={prospectingStartValues} grids={[{ fields: FIELDS }]} />;
}

/** Explain Why You Should Not Be Penalized Memo (001 §2, §9 option lists). */
import { OFFENSES, PENALTIES, RULE_NUMBERS } from '@ichat/shared';
import { FieldsForm } from '../fields-form';
import { EXPLAIN_WHY_RULES, type ExplainWhyValues } from '../lib/payloads';
import { explainWhyStartValues } from '../lib/start-values';
import type { FieldList } from '../parts/form-fields';
import type { FormScreenProps } from '../use-form-submit';

const MEMO: FieldList<ExplainWhyValues> = [
  { kind: 'text', name: 'manager', label: 'Manager', maxLength: 200, isRequired: true, isWide: true },
  {
    kind: 'textarea',
    name: 'explanation',
    label: 'Explanation',
    minRows: 5,
    maxLength: 5000,
    helperText: 'Explain why you should not be penalized.',
    isRequired: true,
    isWide: true,
  },
  { kind: 'select', name: 'penalty', label: 'Penalties', options: PENALTIES, isRequired: true },
  { kind: 'select', name: 'offense', label: 'Offense', options: OFFENSES, isRequired: true },
  { kind: 'select', name: 'ruleNo', label: 'Rule No.', options: RULE_NUMBERS, isRequired: true },
];

const FILES: FieldList<ExplainWhyValues> = [
  { kind: 'files', name: 'explain_files', label: 'Files' },
  { kind: 'images', name: 'manager_signature', label: 'Manager Signature' },
];

export function ExplainWhyForm(screen: FormScreenProps) {
  return <FieldsForm {...screen} rules={EXPLAIN_WHY_RULES} startFrom={explainWhyStartValues} grids={[{ columns: 3, fields: MEMO }, { fields: FILES }]} />;
}

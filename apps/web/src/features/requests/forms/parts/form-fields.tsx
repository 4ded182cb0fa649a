/**
 * A form's fields described as data (kind, value name, label, options, required marker,
 * place in the grid) and drawn by one component, so a screen reads as the list of its
 * fields and every field of a kind looks and behaves alike on every form.
 */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CheckboxInput, DateInput, NumberInput, ReadOnlyInput, SelectInput, TextInput } from './fields';
import { FilePicker, IMAGE_ACCEPT } from './file-picker';
import { FieldGrid } from './layout';

type Option = string | { value: string; label: string };

/** A property that follows what is filled in (the provinces follow the region). */
type Dynamic<T, V> = T | ((values: V) => T);

/** The names of V's values of type T. */
type KeyOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V];

interface Common {
  label: string;
  isRequired?: boolean;
  /** The field takes a whole row of the grid. */
  isWide?: boolean;
  /** The field takes two columns of a four-column row on wide screens. */
  isDouble?: boolean;
}

export type FieldSpec<V> = Common &
  (
    | { kind: 'text'; name: KeyOf<V, string>; maxLength: number; type?: 'email' | 'tel' }
    | { kind: 'textarea'; name: KeyOf<V, string>; maxLength: number; minRows: number; helperText?: string }
    /** Quantities and peso amounts, checked as they are typed by `check`. */
    | { kind: 'number'; name: KeyOf<V, string>; isPeso?: boolean; check?: (value: string) => string | null }
    | { kind: 'date'; name: KeyOf<V, string>; initial?: () => string }
    | {
        kind: 'select';
        name: KeyOf<V, string | number>;
        options: Dynamic<readonly Option[], V>;
        /** The empty first choice; null where the field always has a value. */
        placeholder?: Dynamic<string | null, V>;
        isDisabled?: Dynamic<boolean, V>;
        initial?: () => string;
        /** Values that go back to these when this one changes (a new region clears the province). */
        resets?: Partial<V>;
      }
    | { kind: 'checkbox'; name: KeyOf<V, boolean>; legend?: string }
    /** Files under a multipart field name: any kind of file, or pictures (photos, signatures). */
    | { kind: 'files' | 'images'; name: string }
    /** A figure worked out from the rest (Cost, Total Hours): read-only. */
    | { kind: 'computed'; value: (values: V) => string }
  );

export type FieldList<V> = readonly FieldSpec<V>[];

/** What the fields edit: the form's own values or one row's, and where files go. */
export interface FieldBinding<V> {
  values: V;
  /** `patch` is what changes; `key` names the field edited, whose problem goes. */
  onChange: (key: keyof V, patch: Partial<V>) => void;
  /** The problem the last submit found with a field, until it is edited. */
  problem: (key: keyof V) => string | undefined;
  files: (name: string) => { files: readonly File[]; onChange: (files: File[]) => void; maxCount: number };
  /** File pickers wait while the request is on its way; the other fields stay as they are. */
  isSubmitting: boolean;
}

const resolve = <T, V>(value: Dynamic<T, V>, values: V): T =>
  typeof value === 'function' ? (value as (values: V) => T)(values) : value;

/** What a form holds before anything is typed: empty, unticked, or the field's `initial`. */
export const startValues = <V,>(fields: FieldList<V>): V =>
  Object.fromEntries(
    fields.flatMap((field): [PropertyKey, unknown][] => {
      switch (field.kind) {
        case 'files':
        case 'images':
        case 'computed':
          return [];
        case 'checkbox':
          return [[field.name, false]];
        case 'date':
        case 'select':
          return [[field.name, field.initial?.() ?? '']];
        default:
          return [[field.name, '']];
      }
    }),
  ) as V;

function FieldInput<V>({ field, binding }: { field: FieldSpec<V>; binding: FieldBinding<V> }): ReactNode {
  const { values, onChange, problem } = binding;
  const text = (name: keyof V) => ({
    label: field.label,
    value: String(values[name]),
    onChange: (next: string) => onChange(name, { [name]: next } as Partial<V>),
    isRequired: field.isRequired,
    problem: problem(name),
  });
  switch (field.kind) {
    case 'text':
      return <TextInput {...text(field.name)} type={field.type} maxLength={field.maxLength} />;
    case 'textarea':
      return <TextInput {...text(field.name)} minRows={field.minRows} maxLength={field.maxLength} helperText={field.helperText} />;
    case 'number':
      return <NumberInput {...text(field.name)} isPeso={field.isPeso} check={field.check} />;
    case 'date':
      return <DateInput {...text(field.name)} />;
    case 'select': {
      const { name, resets } = field;
      return (
        <SelectInput
          {...text(name)}
          // A number-valued choice (accumulated hours) stays a number.
          onChange={(next) => onChange(name, { ...resets, [name]: typeof values[name] === 'number' ? Number(next) : next } as Partial<V>)}
          options={resolve(field.options, values)}
          placeholder={field.placeholder === undefined ? undefined : resolve(field.placeholder, values)}
          isDisabled={field.isDisabled === undefined ? undefined : resolve(field.isDisabled, values)}
        />
      );
    }
    case 'checkbox': {
      const { name } = field;
      return (
        <CheckboxInput
          label={field.label}
          checked={values[name] as boolean}
          onChange={(checked) => onChange(name, { [name]: checked } as Partial<V>)}
          legend={field.legend}
          className={field.isWide ? 'wide' : undefined}
        />
      );
    }
    case 'files':
    case 'images': {
      const files = binding.files(field.name);
      return (
        <FilePicker
          label={field.label}
          files={files.files}
          onChange={files.onChange}
          maxCount={files.maxCount}
          accept={field.kind === 'images' ? IMAGE_ACCEPT : undefined}
          isDisabled={binding.isSubmitting}
        />
      );
    }
    case 'computed':
      return <ReadOnlyInput label={field.label} value={field.value(values)} />;
  }
}

/** One field in its place in the grid. */
export function FormField<V>({ field, binding }: { field: FieldSpec<V>; binding: FieldBinding<V> }) {
  const input = <FieldInput field={field} binding={binding} />;
  // A checkbox with a legend is a fieldset that takes the row itself.
  if (field.kind === 'checkbox' && field.legend !== undefined) return input;
  if (field.isWide) return <Box className="wide">{input}</Box>;
  if (field.isDouble) return <Box sx={{ gridColumn: { md: 'span 2' } }}>{input}</Box>;
  return input;
}

/** Fields in a grid: one column on phones, two from the small breakpoint, `columns` on wide screens. */
export function FormFields<V>({ fields, binding, columns }: { fields: FieldList<V>; binding: FieldBinding<V>; columns?: 2 | 3 | 4 }) {
  return (
    <FieldGrid columns={columns}>
      {fields.map((field) => (
        <FormField key={field.label} field={field} binding={binding} />
      ))}
    </FieldGrid>
  );
}

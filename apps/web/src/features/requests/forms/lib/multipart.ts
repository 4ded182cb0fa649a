/**
 * The multipart body of a form submit: the JSON in `data`, files under the field names of
 * FORM_FILE_FIELDS; a row's files go in `<prefix>_<rowIndex>`.
 */
import { FORM_FILE_FIELDS, type FormType } from '@ichat/shared';

export interface FilePart<F = File> {
  field: string;
  file: F;
}

export const rowFileField = (prefix: string, rowIndex: number): string => `${prefix}_${rowIndex}`;

export interface FormFiles<F = File> {
  /** Files of the form's own fields, e.g. { signature: [file] }. */
  fields?: Record<string, readonly F[]>;
  /** Files per row, by row prefix: { attachments: [[a, b], [], [c]] }. */
  rows?: Record<string, readonly (readonly F[])[]>;
}

/** How many files a form's own field takes; a typo fails here instead of as a server refusal. */
export const fileFieldLimit = (type: FormType, field: string): number => {
  const max = FORM_FILE_FIELDS[type].fields[field];
  if (max === undefined) throw new Error(`The ${type} form has no file field ${field}.`);
  return max;
};

/** How many files each row of a form takes under a row prefix ('attachments'). */
export const rowFileLimit = (type: FormType, prefix: string): number => {
  const rowSpec = FORM_FILE_FIELDS[type].rowFields?.find((row) => row.prefix === prefix);
  if (!rowSpec) throw new Error(`The ${type} form has no row files ${prefix}.`);
  return rowSpec.max;
};

/** Every file with its field name, each field capped at what the form type declares. */
export const fileParts = <F>(type: FormType, files: FormFiles<F>): FilePart<F>[] => {
  const parts: FilePart<F>[] = [];
  for (const [field, list] of Object.entries(files.fields ?? {})) {
    for (const file of list.slice(0, fileFieldLimit(type, field))) parts.push({ field, file });
  }
  for (const [prefix, perRow] of Object.entries(files.rows ?? {})) {
    const max = rowFileLimit(type, prefix);
    perRow.forEach((list, rowIndex) => {
      for (const file of list.slice(0, max)) parts.push({ field: rowFileField(prefix, rowIndex), file });
    });
  }
  return parts;
};

export const multipartBody = (data: unknown, parts: readonly FilePart[]): FormData => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const { field, file } of parts) form.append(field, file, file.name);
  return form;
};

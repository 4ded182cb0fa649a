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

/**
 * Every file with its field name, checked against the form type's declared fields so a
 * typo fails here instead of as a server refusal.
 */
export const fileParts = <F>(type: FormType, files: FormFiles<F>): FilePart<F>[] => {
  const spec = FORM_FILE_FIELDS[type];
  const parts: FilePart<F>[] = [];
  for (const [field, list] of Object.entries(files.fields ?? {})) {
    const max = spec.fields[field];
    if (max === undefined) throw new Error(`The ${type} form has no file field ${field}.`);
    for (const file of list.slice(0, max)) parts.push({ field, file });
  }
  for (const [prefix, perRow] of Object.entries(files.rows ?? {})) {
    const rowSpec = spec.rowFields?.find((row) => row.prefix === prefix);
    if (!rowSpec) throw new Error(`The ${type} form has no row files ${prefix}.`);
    perRow.forEach((list, rowIndex) => {
      for (const file of list.slice(0, rowSpec.max)) parts.push({ field: rowFileField(prefix, rowIndex), file });
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

/**
 * The state of a form screen: its own values (those outside repeating rows), started from
 * its field list, the files of its file fields, the red outlines, and the submit, which
 * sends the form's files with whatever the screen builds.
 */
import type { FormType } from '@ichat/shared';
import { useState } from 'react';
import { fileFieldLimit, fileParts, multipartBody, type FormFiles } from './lib/multipart';
import { payloadName, type PayloadNames, type Problems } from './lib/payloads';
import type { FiledRequest } from './lib/start-values';
import { startValues, type FieldBinding, type FieldList } from './parts/form-fields';
import { useFormSubmit, type FormScreenProps } from './use-form-submit';

type FileLists = Readonly<Record<string, readonly File[]>>;

export function useRequestForm<V extends object>(
  type: FormType,
  screen: Pick<FormScreenProps, 'formId' | 'onSubmitted' | 'copyOf'>,
  fields: FieldList<V>,
  /** Where a value's problem key (its payload name) differs from its own name. */
  names: PayloadNames<V> = {},
  /** The values of the request a corrected copy is filled in from, instead of the fields' own start. */
  start: V | null = null,
) {
  const submitter = useFormSubmit(type, screen);
  const { problems, clearProblem, isSubmitting } = submitter;
  const [values, setValues] = useState(() => start ?? startValues(fields));
  const [files, setFiles] = useState<FileLists>({});

  const binding: FieldBinding<V> = {
    values,
    onChange: (key, patch) => {
      setValues((current) => ({ ...current, ...patch }));
      clearProblem(payloadName(names, key));
    },
    problem: (key) => problems.get(payloadName(names, key)),
    files: (name) => ({
      files: files[name] ?? [],
      onChange: (list) => setFiles((current) => ({ ...current, [name]: list })),
      maxCount: fileFieldLimit(type, name),
    }),
    isSubmitting,
  };

  /** Checks with `found`, then sends what `build` makes as multipart, the form's file fields included. */
  const send = (found: Problems, build: () => { data: unknown; files?: FormFiles }) =>
    submitter.submit(found, () => {
      const built = build();
      return multipartBody(built.data, fileParts(type, { ...built.files, fields: { ...files, ...built.files?.fields } }));
    });

  return { ...submitter, type, values, binding, send };
}

/**
 * What a corrected copy starts from (docs/DECISIONS.md, "Administration"): `read` turns the
 * denied request into the form's values, once, when the screen opens; null for a new request.
 */
export function useCopyStart<S>(copyOf: FormScreenProps['copyOf'], read: (request: FiledRequest) => S): S | null {
  const [start] = useState(() => (copyOf ? read(copyOf.request) : null));
  return start;
}

/** A start with repeating rows, split into the form's own values and its rows. */
export const splitRows = <S extends { rows: readonly unknown[] }>(start: S | null): { values: Omit<S, 'rows'> | null; rows: S['rows'] | null } => {
  if (!start) return { values: null, rows: null };
  const { rows, ...values } = start;
  return { values, rows };
};

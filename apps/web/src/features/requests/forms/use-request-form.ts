/**
 * The state of a form screen: its own values (those outside repeating rows), started from
 * its field list, the files of its file fields, the red outlines, and the submit, which
 * sends the form's files with whatever the screen builds.
 */
import type { FormType } from '@ichat/shared';
import { useState } from 'react';
import { fileFieldLimit, fileParts, multipartBody, type FormFiles } from './lib/multipart';
import { payloadName, type PayloadNames, type Problems } from './lib/payloads';
import { startValues, type FieldBinding, type FieldList } from './parts/form-fields';
import { useFormSubmit, type FormScreenProps } from './use-form-submit';

type FileLists = Readonly<Record<string, readonly File[]>>;

export function useRequestForm<V extends object>(
  type: FormType,
  screen: Pick<FormScreenProps, 'formId' | 'onSubmitted'>,
  fields: FieldList<V>,
  /** Where a value's problem key (its payload name) differs from its own name. */
  names: PayloadNames<V> = {},
) {
  const submitter = useFormSubmit(type, screen);
  const { problems, clearProblem, isSubmitting } = submitter;
  const [values, setValues] = useState(() => startValues(fields));
  const [files, setFiles] = useState<FileLists>({});

  const binding: FieldBinding<V> = {
    values,
    onChange: (key, patch) => {
      setValues((current) => ({ ...current, ...patch }));
      clearProblem(payloadName(names, key));
    },
    hasProblem: (key) => problems.has(payloadName(names, key)),
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

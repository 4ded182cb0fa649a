/**
 * The submit of every form: the required-field check with its red outlines, one request at
 * a time (a second submit while one is on its way is ignored), and the EREF dialog of the
 * form's submit key with the server's sentence when it refuses.
 */
import {
  routes,
  SUBMIT_KINDS,
  TEXT,
  type ErefKey,
  type FormType,
  type OffsetBody,
} from '@ichat/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { callApi, type CallAnswer } from '../../../lib/api-client';
import { useErefDialog } from '../../../lib/eref-dialog';
import { NO_PROBLEMS, type Problems } from './lib/payloads';
import type { FiledRequest } from './lib/start-values';
import type { SubmittedRequest } from './parts/submitted-state';

/** The error key of each form's submit (001 §8: prospecting-type submits share 00041). */
export const submitErrorKey = (type: FormType): ErefKey => {
  if (type === 'epr') return 'SUBMIT_EPR_FORM_ERROR';
  if (type === 'transmittal') return 'SUBMIT_TRANSMITTAL_FORM_ERROR';
  return 'SUBMIT_OFFSET_FORM_ERROR';
};

export type FormDetails = CallAnswer<typeof routes.requests.form>['form_details'];

/** The denied request a corrected copy is filed from (docs/DECISIONS.md, "Administration"). */
export interface CopySource {
  id: number;
  request: FiledRequest;
}

/**
 * What every form screen is given: the form as the server describes it, where a filed
 * request goes, and the denied request it corrects, if it is a corrected copy.
 */
export interface FormScreenProps {
  details: FormDetails;
  formId: number;
  onSubmitted: (request: SubmittedRequest) => void;
  copyOf: CopySource | null;
}

/** Red outlines: set on a refused submit, each cleared as its field is edited. */
export function useProblems() {
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const clear = useCallback(
    (key: string) =>
      setProblems((current) => {
        if (!current.has(key)) return current;
        const next = new Set(current);
        next.delete(key);
        return next;
      }),
    [],
  );
  const reset = useCallback(() => setProblems(NO_PROBLEMS), []);
  return { problems, setProblems, clear, reset };
}

export function useFormSubmit(type: FormType, { formId, onSubmitted, copyOf }: Pick<FormScreenProps, 'formId' | 'onSubmitted' | 'copyOf'>) {
  const eref = useErefDialog();
  const inFlight = useRef(false);
  const { problems, setProblems, clear, reset } = useProblems();
  const mutation = useMutation({
    mutationFn: (body: FormData | OffsetBody) =>
      callApi(routes.requests.submit, {
        params: { kind: SUBMIT_KINDS[type], id: formId },
        // A corrected copy names the request it corrects; the server checks it is the caller's denied one.
        ...(copyOf ? { query: { copy_of: copyOf.id } } : {}),
        body,
      }),
  });

  /**
   * Checks the form, then sends what `build` makes. Nothing is sent while fields are
   * missing: they get a red outline and the UNFILLED_INPUTS dialog.
   */
  const submit = (found: Problems, build: () => FormData | OffsetBody) => {
    if (inFlight.current) return;
    if (found.size > 0) {
      setProblems(found);
      eref.show('UNFILLED_INPUTS_DATA_ERROR', TEXT.fillRequired);
      return;
    }
    setProblems(NO_PROBLEMS);
    inFlight.current = true;
    mutation.mutate(build(), {
      onSuccess: (response) => onSubmitted(response.request),
      onError: (error) => eref.show(submitErrorKey(type), error.message),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return { submit, isSubmitting: mutation.isPending, problems, clearProblem: clear, resetProblems: reset };
}

/**
 * The submit of every form: the check of what is filled in, each problem shown at its field
 * and summed up above the submit, one request at a time (a second submit while one is on its
 * way is ignored). A refusal of the input by the server is said at the form too; the EREF
 * dialog of the form's submit key stays for what the person cannot fix (issue 17).
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
import { useCallback, useRef, useState, type RefObject } from 'react';
import { callApi, isInputRefusal, type CallAnswer } from '../../../lib/api-client';
import { useErefDialog } from '../../../lib/eref-dialog';
import { NO_PROBLEMS, REQUIRED_PROBLEM, type Problems } from './lib/payloads';
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

/** The problems a refused submit found, each cleared as its field is edited. */
export function useProblems() {
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const clear = useCallback(
    (key: string) =>
      setProblems((current) => {
        if (!current.has(key)) return current;
        const next = new Map(current);
        next.delete(key);
        return next;
      }),
    [],
  );
  const reset = useCallback(() => setProblems(NO_PROBLEMS), []);
  return { problems, setProblems, clear, reset };
}

/** What the form says above its submit when fields other than empty ones are wrong. */
export const CORRECT_FIELDS = 'Please correct the fields in red outline.';

/** The form frame's part: where the fields are, what it says above the submit, and a count of refused tries. */
export interface FormFrameState {
  isSubmitting: boolean;
  frameRef: RefObject<HTMLFormElement | null>;
  notice: string | null;
  /** Goes up with each refused try, so the frame moves to the first problem again. */
  refusals: number;
}

export function useFormSubmit(type: FormType, { formId, onSubmitted, copyOf }: Pick<FormScreenProps, 'formId' | 'onSubmitted' | 'copyOf'>) {
  const eref = useErefDialog();
  const inFlight = useRef(false);
  const frameRef = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
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

  const refuse = (sentence: string) => {
    setNotice(sentence);
    setRefusals((count) => count + 1);
  };

  /**
   * Checks the form, then sends what `build` makes. Nothing is sent while a field is wrong:
   * what `found` names, and what a field already shows as wrong while typed (a letter in a
   * quantity, a text over its limit). The form then moves to the first of them.
   */
  const submit = (found: Problems, build: () => FormData | OffsetBody) => {
    if (inFlight.current) return;
    const isShownWrong = Boolean(frameRef.current?.querySelector('[aria-invalid="true"]'));
    if (found.size > 0 || isShownWrong) {
      setProblems(found);
      refuse([...found.values()].includes(REQUIRED_PROBLEM) ? TEXT.fillRequired : CORRECT_FIELDS);
      return;
    }
    setProblems(NO_PROBLEMS);
    setNotice(null);
    inFlight.current = true;
    mutation.mutate(build(), {
      onSuccess: (response) => onSubmitted(response.request),
      onError: (error) => (isInputRefusal(error) ? refuse(error.message) : eref.show(submitErrorKey(type), error.message)),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const frame: FormFrameState = { isSubmitting: mutation.isPending, frameRef, notice, refusals };
  return { submit, isSubmitting: mutation.isPending, frame, problems, clearProblem: clear, resetProblems: reset };
}

/**
 * A policy's answer: null when the action is allowed, or why not. The kind says how the
 * server answers (404 hides what the caller may not know exists, 403 refuses a right the
 * caller lacks, 409 a state that no longer allows it, 400 a request that can never work);
 * the message is the sentence a person reads. The web calls the same functions to hide a
 * control the server would refuse.
 */
export type RefusalKind = 'not-found' | 'forbidden' | 'conflict' | 'invalid';

export interface Refusal {
  kind: RefusalKind;
  message: string;
}

export type Verdict = Refusal | null;

export const refusal = (kind: RefusalKind, message: string): Refusal => ({ kind, message });

/** Whether a verdict allows the action. */
export const isAllowed = (verdict: Verdict): verdict is null => verdict === null;

/** Whether a policy's answer that is either a refusal or a value (a seat, say) is the refusal. */
export const isRefusal = <Value extends object>(outcome: Value | Refusal): outcome is Refusal =>
  'kind' in outcome && 'message' in outcome && Object.keys(outcome).length === 2;

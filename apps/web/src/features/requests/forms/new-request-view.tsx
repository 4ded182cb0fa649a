/**
 * The new request screen (/requests?p=new-request&f={id}, 001 §2): a spinner for about a
 * second while the form loads, the permission check (add, view and open all needed), the
 * form of the form's type, and the submitted state with the reference id. With
 * `copy_of={id}` it files a corrected copy of the caller's denied request, the form filled
 * in from it (docs/DECISIONS.md, "Administration").
 */
import {
  canFileForm,
  isAllowed,
  REQUEST_LOADER_MS,
  REQUEST_REFUSALS,
  routes,
  TEXT,
  type FormType,
  type RequestDetail,
} from '@ichat/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { callApi, type CallAnswer } from '../../../lib/api-client';
import { useErefDialog } from '../../../lib/eref-dialog';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { requestKeys, useRequestDetailQuery } from '../api/queries';
import { formatCalendarDate, voterName } from '../lib/requests-lib';
import { useMinimumDelay } from '../use-timed-flag';
import { manilaToday } from './lib/dates';
import { FormCard } from './parts/layout';
import { SubmittedState, type SubmittedRequest } from './parts/submitted-state';
import { CcarForm } from './screens/ccar-form';
import { EdsrForm } from './screens/edsr-form';
import { EprForm } from './screens/epr-form';
import { ExplainWhyForm } from './screens/explain-why-form';
import { OffsettingForm } from './screens/offsetting-form';
import { ProspectingForm } from './screens/prospecting-form';
import { SoLoForm } from './screens/so-lo-form';
import { TransmittalForm } from './screens/transmittal-form';
import type { FormScreenProps } from './use-form-submit';

type FormDetailResponse = CallAnswer<typeof routes.requests.form>;

export const formDetailKey = (formId: number) => ['request-forms', 'detail', formId] as const;

/** All three are needed to open a form (001 §5, §6): the shared rule the server enforces. */
export const canOpenForm = (permissions: FormDetailResponse['permissions']): boolean => isAllowed(canFileForm(permissions));

const useFormDetailQuery = (formId: number | null) =>
  useQuery({
    queryKey: formDetailKey(formId ?? 0),
    enabled: formId !== null,
    queryFn: ({ signal }) => callApi(routes.requests.form, { params: { id: formId ?? 0 }, signal }),
    // A form opened again starts from fresh permissions.
    staleTime: 0,
  });

const SCREENS: Record<FormType, (props: FormScreenProps) => ReactNode> = {
  epr: EprForm,
  offsetting: OffsettingForm,
  prospecting: ProspectingForm,
  transmittal: TransmittalForm,
  'explain-why': ExplainWhyForm,
  ccar: CcarForm,
  'so-lo': SoLoForm,
  edsr: EdsrForm,
};

function Frame({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 1100, mx: 'auto', minWidth: 0 }}>
      {title ? (
        <Typography component="h1" variant="h5" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      ) : (
        // No form to name (none chosen, or it failed to load): the screen still has its h1.
        <Typography component="h1" sx={visuallyHidden}>
          New Request
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * Above a corrected copy's form: what it corrects and what is left to do, why the request
 * was denied, and a date needed that has passed and is chosen again.
 */
function CorrectionNotice({ request }: { request: RequestDetail }) {
  const denial = request.votes.find((vote) => vote.status === 'denied');
  const dateNeeded = request.requisition.date_needed;
  const line = { display: 'block', mt: 0.5 };
  return (
    <Alert severity="info" role="status" data-testid="correction-notice" sx={{ mb: 2 }}>
      Correcting {request.requisition.form_request_detail.reference_id}: check the fields, attach the files again, and submit.
      {denial?.comment ? (
        <Box component="span" sx={line}>
          Reason for denial, from {voterName(denial.approver.display_name, denial.cast_by)}: “{denial.comment}”
        </Box>
      ) : null}
      {dateNeeded && dateNeeded < manilaToday() ? (
        <Box component="span" sx={line}>
          Its date needed, {formatCalendarDate(dateNeeded)}, has passed: choose a new one.
        </Box>
      ) : null}
    </Alert>
  );
}

function NewRequestScreen({ formId, copyOfId }: { formId: number | null; copyOfId: number | null }) {
  const eref = useErefDialog();
  const queryClient = useQueryClient();
  const detail = useFormDetailQuery(formId);
  // The request a corrected copy is filled in from: asked once the form (and so its type) is known.
  const source = useRequestDetailQuery(copyOfId === null ? '' : (detail.data?.form_details.type ?? ''), copyOfId);
  const isLoaderShown = useMinimumDelay(REQUEST_LOADER_MS);
  const [submitted, setSubmitted] = useState<SubmittedRequest | null>(null);
  const shownFor = useRef<string | null>(null);

  const formOutcome = isLoaderShown || detail.isPending ? 'loading' : detail.isError ? 'error' : canOpenForm(detail.data.permissions) ? 'open' : 'denied';
  const outcome = formOutcome === 'open' && copyOfId !== null && source.isPending ? 'loading' : formOutcome;

  // Each refusal opens its dialog once, after the loader has had its second.
  useEffect(() => {
    if (formId === null || shownFor.current === outcome) return;
    if (outcome === 'error') eref.show('FETCH_FORM_DETAIL_ERROR', detail.error?.message);
    if (outcome === 'denied') eref.show('PERMISSION_ERROR', TEXT.permissionDenied);
    shownFor.current = outcome;
  }, [outcome, formId, eref, detail.error]);

  if (formId === null) {
    return (
      <Frame>
        <Alert severity="info">Choose a form in My Forms to file a new request.</Alert>
      </Frame>
    );
  }

  if (outcome === 'loading') {
    return (
      <Stack sx={{ alignItems: 'center', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label="Loading form" />
      </Stack>
    );
  }
  if (outcome === 'error') {
    return (
      <Frame>
        <Alert severity="error">This form could not be loaded. {detail.error?.message}</Alert>
      </Frame>
    );
  }
  if (outcome === 'denied') {
    return (
      <Frame title={detail.data?.form_details.name}>
        <Alert severity="warning">{TEXT.permissionDenied}</Alert>
      </Frame>
    );
  }

  const form = detail.data!.form_details;
  const Screen = SCREENS[form.type];
  const copy = copyOfId === null ? null : (source.data ?? null);
  if (copyOfId !== null && (!copy || !copy.can_copy || copy.requisition.form_id !== formId)) {
    return (
      <Frame title={form.name}>
        <Alert severity="warning">
          {source.isError ? `The request to correct could not be loaded. ${source.error.message}` : REQUEST_REFUSALS.copyOfDenied}
        </Alert>
      </Frame>
    );
  }
  const handleSubmitted = (request: SubmittedRequest) => {
    setSubmitted(request);
    void queryClient.invalidateQueries({ queryKey: requestKeys.all });
  };

  return (
    <Frame title={form.name}>
      {submitted ? (
        <SubmittedState request={submitted} />
      ) : (
        <>
          {copy ? <CorrectionNotice request={copy} /> : null}
          <FormCard>
            <Screen
              details={form}
              formId={formId}
              onSubmitted={handleSubmitted}
              copyOf={copy ? { id: copy.requisition.form_request_detail.id, request: copy.requisition } : null}
            />
          </FormCard>
        </>
      )}
    </Frame>
  );
}

export function NewRequestView({ formId, copyOf = null }: { formId: number | null; copyOf?: number | null }) {
  return <NewRequestScreen key={`${formId ?? 'none'}/${copyOf ?? ''}`} formId={formId} copyOfId={copyOf} />;
}

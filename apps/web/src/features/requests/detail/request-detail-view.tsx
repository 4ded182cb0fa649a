import { formatPesos, type RequestDetail } from '@ichat/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError, isUnauthorized } from '../../../lib/api-client';
import { useQueryErrorReport, useReportError } from '../../../lib/use-report-error';
import { profilePhotoUrl, requestAttachmentUrl } from '../../../lib/assets';
import { useRequestDetailQuery, useVoteMutation, useWithdrawMutation } from '../api/queries';
import {
  correctedCopyPath,
  formatCalendarDate,
  extraDetails,
  formatDateTime,
  formTypeName,
  isImageFile,
  readableLabel,
  readableValue,
  requestDetailPath,
  safeReturnUrl,
  statusBadge,
} from '../lib/requests-lib';
import { CenteredSpinner, RequestParticular, StatusChip } from '../requests-ui';
import { ApprovalSteps } from './approval-steps';
import { ApproversDialog } from './approvers-dialog';
import { printStyles, RequestPrint } from './request-print';
import { usePrintMode } from './use-print-mode';
import { VoteDialog, type VoteChoice } from './vote-dialog';
import { WithdrawDialog } from './withdraw-dialog';

type RequestFile = RequestDetail['requisition']['files'][number];

interface RequestDetailViewProps {
  type: string;
  id: number | null;
  returnUrl: string | null;
}

/** Request detail (001 §2, §4): approval information, requester, request, lines, votes, print. */
export function RequestDetailView({ type, id, returnUrl }: RequestDetailViewProps) {
  const navigate = useNavigate();
  const detail = useRequestDetailQuery(type, id);
  const { error } = detail;
  const isMissing = id === null || type === '' || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  // A 404 leaves for the not-found page; any other failure shows the EREF dialog.
  useQueryErrorReport('GETTING_REQUESTS_DETAIL_ERROR', isMissing ? null : error, detail.errorUpdatedAt);
  useEffect(() => {
    if (isMissing && !isUnauthorized(error)) void navigate('/not-found', { replace: true });
  }, [isMissing, error, navigate]);

  const backTo = safeReturnUrl(returnUrl);
  const { isPrinting, print } = usePrintMode();

  return (
    <Box>
      {printStyles}
      <Box className="no-print" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
          Go Back
        </Button>
        <Box sx={{ flex: 1 }} />
        {detail.data ? (
          <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={print}>
            Print
          </Button>
        ) : null}
      </Box>
      {detail.data ? (
        <>
          <DetailScreen request={detail.data} />
          {isPrinting ? <RequestPrint request={detail.data} /> : null}
        </>
      ) : detail.isError ? null : (
        <CenteredSpinner label="Loading request" />
      )}
    </Box>
  );
}

function DetailScreen({ request }: { request: RequestDetail }) {
  const { requisition } = request;
  const [isApproversOpen, setIsApproversOpen] = useState(false);
  const [voteChoice, setVoteChoice] = useState<VoteChoice | null>(null);
  const [isWithdrawOpen, setIsWithdrawOpen] = useState(false);
  const [isWithdrawn, setIsWithdrawn] = useState(false);
  const vote = useVoteMutation();
  const withdraw = useWithdrawMutation();
  const report = useReportError();
  const location = useLocation();
  const badge = statusBadge(request);
  const standingInFor = request.votes_on_behalf_of;
  const referenceId = requisition.form_request_detail.reference_id;

  const handleVote = (comment: string) => {
    if (voteChoice === null) return;
    vote.mutate(
      {
        form_id: requisition.form_id,
        request_id: requisition.form_request_detail.id,
        status: voteChoice,
        ...(comment ? { comment } : {}),
        // A stand-in names whose seat the vote fills (docs/DECISIONS.md, "Administration").
        ...(standingInFor ? { on_behalf_of: standingInFor.id } : {}),
      },
      {
        onSuccess: () => setVoteChoice(null),
        onError: (voteError) => {
          setVoteChoice(null);
          report('APPROVE_REQUEST_ERROR', voteError);
        },
      },
    );
  };

  const handleWithdraw = () => {
    withdraw.mutate(requisition.form_request_detail.id, {
      onSuccess: () => {
        setIsWithdrawOpen(false);
        setIsWithdrawn(true);
      },
      onError: (withdrawError) => {
        setIsWithdrawOpen(false);
        // The code of the request's decision calls (docs/DECISIONS.md, "Administration").
        report('APPROVE_REQUEST_ERROR', withdrawError);
      },
    });
  };

  return (
    <Box className="request-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {referenceId}
          </Typography>
          <Typography color="text.secondary">{requisition.form_name}</Typography>
          {request.copied_from ? (
            <Typography data-testid="copied-from">
              Corrects{' '}
              <Link
                component={RouterLink}
                to={requestDetailPath(
                  { request_type: requisition.request_type, id: request.copied_from.id },
                  `${location.pathname}${location.search}`,
                )}
              >
                {request.copied_from.reference_id}
              </Link>
            </Typography>
          ) : null}
        </Box>
        <StatusChip request={request} size="medium" />
      </Box>

      {isWithdrawn ? (
        <Alert severity="success" className="no-print" onClose={() => setIsWithdrawn(false)} sx={{ mb: 2 }}>
          Request withdrawn. Its approvers have been told.
        </Alert>
      ) : null}

      {request.can_withdraw ? (
        <ActionCard text="This request is waiting for its approvers. You may withdraw it until it is decided.">
          <Button variant="outlined" color="error" startIcon={<UndoIcon />} onClick={() => setIsWithdrawOpen(true)}>
            Withdraw request
          </Button>
        </ActionCard>
      ) : null}

      {request.can_copy ? (
        <ActionCard text="This request was rejected. You may file it again as a corrected copy, with its fields filled in.">
          <Button variant="contained" component={RouterLink} to={correctedCopyPath({ form_id: requisition.form_id, id: requisition.form_request_detail.id })} startIcon={<EditNoteIcon />}>
            File a corrected copy
          </Button>
        </ActionCard>
      ) : null}

      {request.can_vote ? (
        <Card variant="outlined" className="no-print" sx={{ mb: 2, borderColor: 'primary.main' }}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', '&:last-child': { pb: 2 } }}>
            <Typography sx={{ flex: 1, minWidth: 180 }}>
              {standingInFor
                ? `This request is waiting for ${standingInFor.display_name}'s vote. You are standing in for them.`
                : 'This request is waiting for your vote.'}
            </Typography>
            <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setVoteChoice('approved')}>
              Approve
            </Button>
            <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setVoteChoice('denied')}>
              Deny
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 2 }}>
        <SectionCard
          title="Approval Information"
          action={
            // Named in words, not an unlabelled icon (issue 17); it opens the Approvers modal (001 §2).
            <Button size="small" startIcon={<InfoOutlinedIcon />} onClick={() => setIsApproversOpen(true)}>
              Approvers
            </Button>
          }
        >
          <Typography
            data-testid="approval-status"
            variant="h6"
            component="p"
            sx={{ fontWeight: 700, color: `${badge.color}.main`, letterSpacing: 1 }}
          >
            {badge.label.toUpperCase()}
          </Typography>
          <ApprovalSteps request={request} />
        </SectionCard>

        <SectionCard title="Requester">
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Avatar src={profilePhotoUrl(requisition.user_detail.profile_photo)} alt="" sx={{ width: 56, height: 56 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {requisition.user_detail.first_name} {requisition.user_detail.last_name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {requisition.user_detail.email_address}
              </Typography>
              {requisition.user_detail.department ? (
                <Typography variant="body2" color="text.secondary">
                  {requisition.user_detail.department}
                </Typography>
              ) : null}
            </Box>
          </Box>
        </SectionCard>
      </Box>

      <SectionCard title="Request" sx={{ mb: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          <RequestParticular term="Reference ID" value={requisition.form_request_detail.reference_id} />
          <RequestParticular term="Request Type" value={formTypeName(requisition.request_type)} />
          <RequestParticular term="Date & Time Requested" value={formatDateTime(requisition.createdAt)} />
          {requisition.pr_company_detail ? <RequestParticular term="Company" value={requisition.pr_company_detail.name} /> : null}
          {requisition.pr_request_detail ? (
            <RequestParticular term="Type of Purchase Request" value={requisition.pr_request_detail.name} />
          ) : null}
          {requisition.recommended_supplier ? (
            <RequestParticular term="Recommended Supplier" value={requisition.recommended_supplier} />
          ) : null}
          {requisition.date_needed ? <RequestParticular term="Date Needed" value={formatCalendarDate(requisition.date_needed)} /> : null}
          {requisition.request_type === 'epr' || requisition.urgent ? (
            <RequestParticular term="Urgent" value={requisition.urgent ? 'Yes' : 'No'} />
          ) : null}
          {requisition.total_cost !== null ? <RequestParticular term="Total Cost" value={formatPesos(requisition.total_cost)} /> : null}
          {extraDetails(requisition.details).map(([key, value]) => (
            <RequestParticular key={key} term={readableLabel(key)} value={readableValue(value)} />
          ))}
        </Box>
        {requisition.files.length > 0 ? (
          <Box sx={{ mt: 2 }}>
            <Divider sx={{ mb: 1.5 }} />
            <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
              Files
            </Typography>
            <FileList files={requisition.files} withField />
          </Box>
        ) : null}
      </SectionCard>

      {requisition.pr_purchases_detail.length > 0 ? (
        <SectionCard title="Items">
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {requisition.pr_purchases_detail.map((line, index) => {
              const files = [...line.purchases_attachment_detail, ...line.purchases_files_detail];
              const extra = Object.entries(line.data ?? {});
              return (
                <Box
                  component="li"
                  key={line.id}
                  data-testid="request-line"
                  sx={{ py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Typography color="text.secondary">{index + 1}.</Typography>
                    <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {readableValue(line.description)}
                    </Typography>
                    {line.estimated_cost !== null ? (
                      <Typography sx={{ fontWeight: 600 }}>{formatPesos(line.estimated_cost)}</Typography>
                    ) : null}
                  </Box>
                  <Box component="dl" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 0.5, mb: 0, pl: 2.5 }}>
                    <RequestParticular term="Quantity" value={String(line.quantity)} />
                    {line.estimated_price !== null ? (
                      <RequestParticular term="Estimated Price" value={formatPesos(line.estimated_price)} />
                    ) : null}
                    {line.remarks ? <RequestParticular term="Remarks" value={line.remarks} /> : null}
                    {extra.map(([key, value]) => (
                      <RequestParticular key={key} term={readableLabel(key)} value={readableValue(value)} />
                    ))}
                  </Box>
                  {files.length > 0 ? (
                    <Box sx={{ mt: 1, pl: 2.5 }}>
                      <FileList files={files} />
                    </Box>
                  ) : null}
                </Box>
              );
            })}
          </Box>
          {requisition.total_cost !== null ? (
            <>
              <Divider />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, pt: 1.5 }}>
                <Typography sx={{ fontWeight: 600 }}>Total Cost</Typography>
                <Typography sx={{ fontWeight: 700 }} data-testid="total-cost">
                  {formatPesos(requisition.total_cost)}
                </Typography>
              </Box>
            </>
          ) : null}
        </SectionCard>
      ) : null}

      <ApproversDialog approval={request.approval} isOpen={isApproversOpen} onClose={() => setIsApproversOpen(false)} />
      <VoteDialog
        key={voteChoice ?? 'closed'}
        choice={voteChoice}
        referenceId={referenceId}
        onBehalfOf={standingInFor?.display_name ?? null}
        isSubmitting={vote.isPending}
        onCancel={() => setVoteChoice(null)}
        onSubmit={handleVote}
      />
      <WithdrawDialog
        isOpen={isWithdrawOpen}
        referenceId={referenceId}
        isSubmitting={withdraw.isPending}
        onCancel={() => setIsWithdrawOpen(false)}
        onConfirm={handleWithdraw}
      />
    </Box>
  );
}

/** What the person may do with the request now, with why, above the request itself. */
function ActionCard({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Card variant="outlined" className="no-print" sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', '&:last-child': { pb: 2 } }}>
        <Typography sx={{ flex: 1, minWidth: 180 }}>{text}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function SectionCard({ title, action, children, sx }: { title: string; action?: ReactNode; children: ReactNode; sx?: object }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={sx}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Attachments: images as thumbnails, other files as links; each opens the stored file. */
function FileList({ files, withField = false }: { files: RequestFile[]; withField?: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {files.map((file) => {
        const url = requestAttachmentUrl(file.attachment);
        const name = file.original_name || file.attachment;
        return (
          <Box key={`${file.id}-${file.attachment}`} data-testid="attachment" sx={{ maxWidth: 160 }}>
            {withField ? (
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {readableLabel(file.field)}
              </Typography>
            ) : null}
            {isImageFile(file) ? (
              <Link href={url} target="_blank" rel="noopener" aria-label={`Open ${name}`} sx={{ display: 'block' }}>
                <Box
                  component="img"
                  src={url}
                  alt={name}
                  loading="lazy"
                  sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
                />
              </Link>
            ) : (
              <Chip
                component="a"
                href={url}
                target="_blank"
                rel="noopener"
                clickable
                icon={<AttachFileIcon />}
                label={name}
                sx={{ maxWidth: 160 }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

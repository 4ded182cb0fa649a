import { formatPesos, type RequestDetail } from '@ichat/shared';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useState } from 'react';
import {
  approverStatus,
  formatCalendarDate,
  extraDetails,
  COMPANY_TIME_NOTE,
  formatCompanyDateTime,
  formTypeName,
  readableLabel,
  readableValue,
  statusBadge,
  voterName,
} from '../lib/requests-lib';

/**
 * Print rules (docs/DECISIONS.md, "Requests and approvals"): on paper only the print layout shows; the header, the sidebar,
 * the buttons and the screen version of the detail are hidden, and nothing clips the page.
 */
export const printStyles = (
  <GlobalStyles
    styles={{
      '.request-print': { display: 'none' },
      '@media print': {
        '@page': { margin: '14mm' },
        'html, body, #root': { height: 'auto !important', overflow: 'visible !important', background: '#fff !important' },
        '#root > *, main': { background: '#fff !important', minHeight: '0 !important' },
        'header.MuiAppBar-root, .no-print, .MuiDrawer-root, .MuiDialog-root, .MuiTooltip-popper': { display: 'none !important' },
        '.requests-page, .requests-page *': { overflow: 'visible !important' },
        '.request-screen': { display: 'none !important' },
        '.request-print': { display: 'block !important' },
      },
    }}
  />
);

const cell = { border: '1px solid #bbb', padding: '4px 6px', textAlign: 'left', verticalAlign: 'top' } as const;
const numberCell = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** A clean paper version of the request: header, requester, dates, details, lines, the whole trail. */
export function RequestPrint({ request }: { request: RequestDetail }) {
  const { requisition, approval, votes } = request;
  const [printedAt] = useState(() => new Date().toISOString());
  const lines = requisition.pr_purchases_detail;
  const hasMoney = lines.some((line) => line.estimated_cost !== null) || requisition.total_cost !== null;
  const detailPairs = extraDetails(requisition.details);
  const approverIds = new Set(votes.map((vote) => vote.approver.id));
  const hasApprovers = approval.first_level_approval.length + approval.second_level_approval.length > 0;
  // Approvers who never voted matter only while the request is still open.
  const waiting = request.status !== 'pending' ? [] : [
    ...approval.first_level_approval.map((approver) => ({ approver, level: 1 })),
    ...approval.second_level_approval.map((approver) => ({ approver, level: 2 })),
  ].filter(({ approver }) => !approver.has_voted && !approverIds.has(approver.id));

  return (
    <Box className="request-print" data-testid="request-print" sx={{ color: '#000', fontSize: 12, '& h1, & h2': { m: 0 }, '& table': { width: '100%', borderCollapse: 'collapse', mb: 2 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', borderBottom: '2px solid #000', pb: 1, mb: 2 }}>
        <div>
          <h1 style={{ fontSize: 20 }}>{requisition.form_name}</h1>
          {requisition.form_name === formTypeName(requisition.request_type) ? null : (
            <div>{formTypeName(requisition.request_type)}</div>
          )}
        </div>
        <Box sx={{ textAlign: 'right' }}>
          <div style={{ fontSize: 16, fontWeight: 700 }}>{requisition.form_request_detail.reference_id}</div>
          <div>Status: {statusBadge(request).label.toUpperCase()}</div>
          {request.copied_from ? <div>Corrects {request.copied_from.reference_id}</div> : null}
        </Box>
      </Box>

      <table>
        <tbody>
          <tr>
            <th style={cell}>Requested by</th>
            <td style={cell}>
              {requisition.user_detail.first_name} {requisition.user_detail.last_name} ({requisition.user_detail.email_address})
              {requisition.user_detail.department ? ` — ${requisition.user_detail.department}` : ''}
            </td>
          </tr>
          <tr>
            <th style={cell}>Date &amp; Time Requested</th>
            <td style={cell}>{formatCompanyDateTime(requisition.createdAt)}</td>
          </tr>
          {requisition.date_needed ? (
            <tr>
              <th style={cell}>Date Needed</th>
              <td style={cell}>{formatCalendarDate(requisition.date_needed)}</td>
            </tr>
          ) : null}
          {requisition.pr_company_detail ? (
            <tr>
              <th style={cell}>Company</th>
              <td style={cell}>{requisition.pr_company_detail.name}</td>
            </tr>
          ) : null}
          {requisition.pr_request_detail ? (
            <tr>
              <th style={cell}>Type of Purchase Request</th>
              <td style={cell}>{requisition.pr_request_detail.name}</td>
            </tr>
          ) : null}
          {requisition.recommended_supplier ? (
            <tr>
              <th style={cell}>Recommended Supplier</th>
              <td style={cell}>{requisition.recommended_supplier}</td>
            </tr>
          ) : null}
          {requisition.request_type === 'epr' ? (
            <tr>
              <th style={cell}>Urgent</th>
              <td style={cell}>{requisition.urgent ? 'Yes' : 'No'}</td>
            </tr>
          ) : null}
          {detailPairs.map(([key, value]) => (
            <tr key={key}>
              <th style={cell}>{readableLabel(key)}</th>
              <td style={cell}>{readableValue(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {lines.length > 0 ? (
        <>
          <h2 style={{ fontSize: 14, marginBottom: 4 }}>Items</h2>
          <table>
            <thead>
              <tr>
                <th style={cell}>#</th>
                <th style={cell}>Description</th>
                <th style={cell}>Remarks</th>
                <th style={numberCell}>Quantity</th>
                {hasMoney ? <th style={numberCell}>Estimated Price</th> : null}
                {hasMoney ? <th style={numberCell}>Estimated Cost</th> : null}
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={line.id}>
                  <td style={cell}>{index + 1}</td>
                  <td style={cell}>{line.description}</td>
                  <td style={cell}>{line.remarks || '—'}</td>
                  <td style={numberCell}>{line.quantity}</td>
                  {hasMoney ? <td style={numberCell}>{line.estimated_price === null ? '—' : formatPesos(line.estimated_price)}</td> : null}
                  {hasMoney ? <td style={numberCell}>{line.estimated_cost === null ? '—' : formatPesos(line.estimated_cost)}</td> : null}
                </tr>
              ))}
            </tbody>
            {hasMoney && requisition.total_cost !== null ? (
              <tfoot>
                <tr>
                  <th style={{ ...cell, textAlign: 'right' }} colSpan={5}>
                    Total Cost
                  </th>
                  <th style={numberCell}>{formatPesos(requisition.total_cost)}</th>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </>
      ) : requisition.total_cost !== null ? (
        <p>
          <strong>Total Cost:</strong> {formatPesos(requisition.total_cost)}
        </p>
      ) : null}

      <h2 style={{ fontSize: 14, marginBottom: 4 }}>Approval Trail</h2>
      <p style={{ margin: '0 0 4px' }}>
        Initial approvals needed: {approval.initial_approval_needed_count} · Executive approvals needed:{' '}
        {approval.executive_approval_needed_count}
      </p>
      <table>
        <thead>
          <tr>
            <th style={cell}>Approver</th>
            <th style={cell}>Level</th>
            <th style={cell}>Status</th>
            <th style={cell}>Comment</th>
            <th style={cell}>Date</th>
          </tr>
        </thead>
        <tbody>
          {votes.map((vote) => (
            <tr key={vote.id}>
              <td style={cell}>{voterName(vote.approver.display_name, vote.cast_by)}</td>
              <td style={cell}>{vote.level === 1 ? '1st Level' : vote.level === 2 ? '2nd Level' : `Level ${vote.level}`}</td>
              <td style={cell}>{vote.status === 'approved' ? 'Approved' : 'Rejected'}</td>
              <td style={cell}>{vote.comment || '—'}</td>
              <td style={cell}>{formatCompanyDateTime(vote.createdAt)}</td>
            </tr>
          ))}
          {waiting.map(({ approver, level }) => (
            <tr key={`waiting-${level}-${approver.id}`}>
              <td style={cell}>{approver.display_name}</td>
              <td style={cell}>{level === 1 ? '1st Level' : '2nd Level'}</td>
              <td style={cell}>{approverStatus(approver)}</td>
              <td style={cell}>—</td>
              <td style={cell}>—</td>
            </tr>
          ))}
          {votes.length + waiting.length === 0 ? (
            <tr>
              <td style={cell} colSpan={5}>
                {/* A request withdrawn before anyone voted had approvers all the same. */}
                {hasApprovers ? 'No votes were cast.' : 'No approvers.'}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Box sx={{ mt: 3, color: '#555', fontSize: 10 }}>Printed {formatCompanyDateTime(printedAt)}. {COMPANY_TIME_NOTE}</Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useMyFormsQuery } from '../api/queries';
import { formatDateTime, formTypeName, newRequestPath } from '../lib/requests-lib';
import { CenteredSpinner, NoContent, ViewTitle } from '../requests-ui';

/** My Forms (001 §2): name, Form Type and Date & Time; a click opens the new request (add_page only). */
export function MyFormsView() {
  const forms = useMyFormsQuery();
  useQueryErrorReport('FETCH_MY_FORMS_ERROR', forms.error, forms.errorUpdatedAt);

  return (
    <Box>
      <ViewTitle>My Forms</ViewTitle>
      {!forms.data ? (
        forms.isError ? null : <CenteredSpinner label="Loading forms" />
      ) : forms.data.length === 0 ? (
        <NoContent text="No forms are assigned to you." />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' } }}>
          {forms.data.map((form) => {
            const body = (
              <>
                <Typography sx={{ fontWeight: 600 }}>{form.form_details.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Form Type: {formTypeName(form.form_details.type)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Date &amp; Time: {formatDateTime(form.createdAt)}
                </Typography>
                {form.form_details.add_page ? null : (
                  <Chip size="small" label="New requests not allowed" sx={{ mt: 1 }} />
                )}
              </>
            );
            return (
              <Paper component="li" variant="outlined" key={form.form_id} sx={{ overflow: 'hidden' }}>
                {form.form_details.add_page ? (
                  <ButtonBase
                    component={RouterLink}
                    to={newRequestPath(form.form_id)}
                    data-testid="form-item"
                    sx={{ display: 'block', width: '100%', textAlign: 'left', p: 2, height: '100%', '&:hover': { bgcolor: 'action.hover' } }}
                  >
                    {body}
                  </ButtonBase>
                ) : (
                  <Box data-testid="form-item" aria-disabled="true" sx={{ p: 2, opacity: 0.7 }}>
                    {body}
                  </Box>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

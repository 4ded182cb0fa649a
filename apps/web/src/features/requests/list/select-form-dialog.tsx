import { TEXT } from '@ichat/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { NoticeDialog } from '../../../lib/notice-dialog';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useMyFormsQuery } from '../api/queries';
import { formTypeName, newRequestPath } from '../lib/requests-lib';
import { CenteredSpinner } from '../requests-ui';

/** 'Select a form' (001 §2): the user's forms and Proceed; no choice → the alert. */
export function SelectFormDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const forms = useMyFormsQuery(isOpen);
  useQueryErrorReport('FETCH_MY_FORMS_ERROR', forms.error, forms.errorUpdatedAt);
  const [choice, setChoice] = useState('');
  const [isAlertOpen, setIsAlertOpen] = useState(false);

  const handleProceed = () => {
    const formId = Number(choice);
    if (!choice || !Number.isInteger(formId)) {
      setIsAlertOpen(true);
      return;
    }
    onClose();
    void navigate(newRequestPath(formId));
  };

  return (
    <>
      <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>Select a form</DialogTitle>
        <DialogContent dividers>
          {!forms.data ? (
            forms.isError ? null : <CenteredSpinner label="Loading forms" />
          ) : forms.data.length === 0 ? (
            <Typography color="text.secondary">No forms are assigned to you.</Typography>
          ) : (
            <RadioGroup aria-labelledby={titleId} value={choice} onChange={(event) => setChoice(event.target.value)}>
              {forms.data.map((form) => (
                <FormControlLabel
                  key={form.form_id}
                  value={String(form.form_id)}
                  disabled={!form.form_details.add_page}
                  control={<Radio />}
                  label={
                    <>
                      <Typography component="span" sx={{ display: 'block' }}>
                        {form.form_details.name}
                      </Typography>
                      <Typography component="span" variant="caption" color="text.secondary">
                        {formTypeName(form.form_details.type)}
                      </Typography>
                    </>
                  }
                  sx={{ py: 0.5 }}
                />
              ))}
            </RadioGroup>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={handleProceed}>
            Proceed
          </Button>
        </DialogActions>
      </Dialog>
      <NoticeDialog isOpen={isAlertOpen} title="Select a form" onClose={() => setIsAlertOpen(false)} text={TEXT.selectFormFirst} />
    </>
  );
}

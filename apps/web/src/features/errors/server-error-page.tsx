import { TEXT } from '@ichat/shared';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { ErrorPage } from './error-page';

export function ServerErrorPage() {
  return (
    <ErrorPage code="500" title={TEXT.serverErrorTitle} text={TEXT.serverErrorText} icon={<ReportProblemOutlinedIcon />} />
  );
}

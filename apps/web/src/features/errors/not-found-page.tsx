import { TEXT } from '@ichat/shared';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { ErrorPage } from './error-page';

export function NotFoundPage() {
  return <ErrorPage code="404" title={TEXT.notFoundTitle} text={TEXT.notFoundText} icon={<SearchOffIcon />} />;
}

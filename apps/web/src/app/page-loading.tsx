import { PlainSpinner } from '../lib/plain-ui/plain-ui';

/** The light placeholder while a screen's code or the signed-in profile loads (no MUI: it shows before MUI has loaded). */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading" className="plain-page">
      <PlainSpinner label="Loading" />
    </div>
  );
}

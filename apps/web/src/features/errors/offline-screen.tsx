import { TEXT } from '@ichat/shared';
import { LogoMark } from '../../lib/logo';
import { PlainButton } from '../../lib/plain-ui/plain-ui';
import './offline-screen.css';

interface OfflineScreenProps {
  isChecking: boolean;
  onRetry: () => void;
}

/**
 * What the app shows while the server cannot be reached (issue 19), over the page it keeps
 * underneath: the installed app opened offline, or an open app that lost the server. It
 * retries on its own; the button asks at once. Drawn without MUI (lib/plain-ui), since it
 * can show over the login page, before MUI has loaded, with no server to load it from.
 */
export function OfflineScreen({ isChecking, onRetry }: OfflineScreenProps) {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-heading"
      aria-describedby="offline-text"
      data-testid="offline-screen"
      className="offline-screen"
    >
      <section className="plain-card offline-screen__card">
        <div className="offline-screen__icons">
          <LogoMark height={40} />
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false" className="offline-screen__cloud">
            <path d="M7 18.5h10.5a4 4 0 0 0 .5-7.97A6.2 6.2 0 0 0 6.2 9.2 4.7 4.7 0 0 0 7 18.5Z" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
            <path d="M3.5 3.5l17 17" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
          </svg>
        </div>
        <h1 id="offline-heading" className="plain-heading offline-screen__heading">
          {TEXT.offlineHeading}
        </h1>
        <p id="offline-text" className="plain-secondary offline-screen__text">
          {TEXT.offlineText}
        </p>
        <PlainButton size="large" onClick={onRetry} isDisabled={isChecking} autoFocus>
          {isChecking ? TEXT.offlineChecking : TEXT.offlineRetry}
        </PlainButton>
      </section>
    </div>
  );
}

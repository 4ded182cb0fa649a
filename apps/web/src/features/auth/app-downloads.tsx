import type { ReactNode } from 'react';
import type { AppVersion } from './queries';

const DOWNLOAD_ICON = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M12 4v10.5m0 0-4.5-4.5m4.5 4.5 4.5-4.5M5 19.5h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="plain-link" href={href}>
      {DOWNLOAD_ICON}
      {children}
    </a>
  );
}

/** The mobile apps' downloads and the server's version, under the login form (000 §2). */
export function AppDownloads({ version }: { version: AppVersion }) {
  return (
    <div className="login-page__downloads">
      <div className="login-page__download-links">
        <DownloadLink href={version.androidUrl}>Download for Android</DownloadLink>
        <DownloadLink href={version.iosUrl}>Download for iOS</DownloadLink>
      </div>
      <span className="login-page__version plain-secondary">Version {version.appVersion}</span>
    </div>
  );
}

import { TEXT } from '@ichat/shared';
import { Navigate, useLocation } from 'react-router';
import { LogoFull } from '../../lib/logo';
import { PlainAlert, PlainPage } from '../../lib/plain-ui/plain-ui';
import { AppDownloads } from './app-downloads';
import { LoginForm } from './login-form';
import { useExistingTokenCheck, useVersionQuery } from './queries';
import './login-page.css';

/** Set by the app when the server refused the session, so the login page can say why. */
export interface LoginLocationState {
  isSessionEnded?: boolean;
}

/**
 * The first screen anyone loads, so it is drawn without MUI (lib/plain-ui): /login downloads
 * React, the router, the API client and this page only (docs/DESIGN.md, "Web delivery").
 */
export function LoginPage() {
  const location = useLocation();
  const version = useVersionQuery();
  const existingToken = useExistingTokenCheck();

  if (existingToken.data === true) return <Navigate to="/" replace />;

  const isUnderMaintenance = version.isError;
  const isSessionEnded = (location.state as LoginLocationState | null)?.isSessionEnded === true;

  return (
    <PlainPage>
      <div className="login-page">
        <div className="login-page__brand" role="img" aria-label={TEXT.appTitle}>
          <LogoFull height={52} />
          <span className="login-page__title">{TEXT.headerTitle}</span>
        </div>
        <section className="plain-card">
          <h1 className="plain-heading login-page__heading">{TEXT.loginHeading}</h1>
          <div className="plain-stack">
            {isUnderMaintenance ? <PlainAlert severity="warning">{TEXT.loginMaintenance}</PlainAlert> : null}
            {isSessionEnded && !isUnderMaintenance ? <PlainAlert severity="info">{TEXT.sessionExpired}</PlainAlert> : null}
            <LoginForm isDisabled={isUnderMaintenance} />
          </div>
          {version.data ? <AppDownloads version={version.data} /> : null}
        </section>
      </div>
    </PlainPage>
  );
}

/**
 * Plain elements for the screens shown before MUI has loaded: the login page, the offline
 * screen, the loading placeholder and the new-version notice. MUI with Emotion is about 100 KB
 * of gzip-size JavaScript, which /login cannot afford within its 150 KB (docs/DESIGN.md, "Web
 * delivery"); these look like the theme's (app/theme.ts) and keep the same roles and names.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { visuallyHidden } from '../visually-hidden';
import './plain-ui.css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A full-screen page with its content centred. */
export function PlainPage({ children }: { children: ReactNode }) {
  return <main className="plain-page">{children}</main>;
}

type Severity = 'error' | 'warning' | 'info';

const SEVERITY_ICONS: Record<Severity, ReactNode> = {
  error: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7.5v5.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="16.5" r="1.25" fill="currentColor" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5 2.5 20h19L12 3.5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M12 10v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17" r="1.2" fill="currentColor" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 11v5.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="7.75" r="1.25" fill="currentColor" />
    </>
  ),
};

/** A message in a coloured box, announced as MUI's Alert is (role alert). */
export function PlainAlert({ severity, children }: { severity: Severity; children: ReactNode }) {
  return (
    <div role="alert" className={`plain-alert plain-alert--${severity}`}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {SEVERITY_ICONS[severity]}
      </svg>
      <div>{children}</div>
    </div>
  );
}

interface PlainTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  type?: 'text' | 'password';
  isDisabled?: boolean;
  /** Drawn at the end of the box, inside it (the password's Show toggle). */
  end?: ReactNode;
}

/** A labelled text input: the label above, the outlined box below. */
export function PlainTextField({ label, name, value, onChange, autoComplete, type = 'text', isDisabled = false, end }: PlainTextFieldProps) {
  const id = useId();
  return (
    <div className={classes('plain-field', isDisabled && 'plain-field--disabled')}>
      <label className="plain-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="plain-field__box">
        <input
          id={id}
          className="plain-field__input"
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          disabled={isDisabled}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
        {end}
      </div>
    </div>
  );
}

const EYE = 'M12 5C6.6 5 2.8 9 1.5 12c1.3 3 5.1 7 10.5 7s9.2-4 10.5-7C21.2 9 17.4 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.4a2.1 2.1 0 1 0 0-4.2 2.1 2.1 0 0 0 0 4.2Z';

/**
 * A password input with a Show/Hide toggle. The toggle is named by hidden text, not
 * aria-label, so a label lookup for 'Password' finds the input alone (as lib/password-field.tsx).
 */
export function PlainPasswordField(props: Omit<PlainTextFieldProps, 'type' | 'end'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <PlainTextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="plain-icon-button"
          onClick={() => setIsVisible((visible) => !visible)}
          onMouseDown={(event) => event.preventDefault()}
          disabled={props.isDisabled}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={EYE} fill="currentColor" fillRule="evenodd" />
            {isVisible ? <path d="M3.5 3.5l17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /> : null}
          </svg>
          <span style={visuallyHidden}>{isVisible ? 'Hide password' : 'Show password'}</span>
        </button>
      }
    />
  );
}

interface PlainCheckboxProps {
  label: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  isDisabled?: boolean;
}

export function PlainCheckbox({ label, isChecked, onChange, isDisabled = false }: PlainCheckboxProps) {
  return (
    <label className={classes('plain-checkbox', isDisabled && 'plain-checkbox--disabled')}>
      <input type="checkbox" checked={isChecked} disabled={isDisabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

interface PlainButtonProps {
  children: ReactNode;
  type?: 'button' | 'submit';
  onClick?: () => void;
  isDisabled?: boolean;
  /** Shows a spinner and takes no clicks, as MUI's `loading`. */
  isLoading?: boolean;
  size?: 'medium' | 'large';
  isFullWidth?: boolean;
  variant?: 'contained' | 'text';
  autoFocus?: boolean;
}

export function PlainButton({ children, type = 'button', onClick, isDisabled = false, isLoading = false, size = 'medium', isFullWidth = false, variant = 'contained', autoFocus }: PlainButtonProps) {
  return (
    <button
      type={type}
      className={classes('plain-button', size === 'large' && 'plain-button--large', isFullWidth && 'plain-button--full', variant === 'text' && 'plain-button--text')}
      onClick={onClick}
      disabled={isDisabled || isLoading}
      aria-busy={isLoading || undefined}
      autoFocus={autoFocus}
    >
      {isLoading ? <span className="plain-spinner plain-spinner--small" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** The spinner of the loading placeholder, a progress bar to assistive technology as MUI's. */
export function PlainSpinner({ label }: { label: string }) {
  return <span className="plain-spinner" role="progressbar" aria-label={label} />;
}

interface PlainNoticeDialogProps {
  isOpen: boolean;
  title: string;
  text: string;
  onClose: () => void;
}

/** A message acknowledged with OK (lib/notice-dialog.tsx without MUI): the browser's own modal dialog. */
export function PlainNoticeDialog({ isOpen, title, text, onClose }: PlainNoticeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);
  return (
    // Escape closes a modal dialog by itself; `onClose` keeps the state in step.
    <dialog ref={dialog} className="plain-dialog" aria-labelledby={titleId} aria-describedby={textId} onClose={onClose}>
      <h2 id={titleId} className="plain-dialog__title">
        {title}
      </h2>
      <p id={textId} className="plain-dialog__text">
        {text}
      </p>
      <div className="plain-dialog__actions">
        <PlainButton onClick={onClose} autoFocus>
          OK
        </PlainButton>
      </div>
    </dialog>
  );
}

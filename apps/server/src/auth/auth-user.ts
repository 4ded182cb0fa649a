/** Who is calling: resolved from the token on every request and socket handshake. */
export interface AuthUser {
  id: number;
  displayName: string;
  /**
   * Read with the session state, so the live socket names a typer, and a new message its
   * sender, without another query.
   */
  profilePhoto: string | null;
  firstName: string;
  emailAddress: string;
  isAdmin: boolean;
  /** Whether the current token was issued with Remember Me. */
  remember: boolean;
  /** An administrator set the password: until it is changed, only that change is allowed. */
  mustChangePassword: boolean;
}

/** Resolves a token to its user: null when it is malformed, expired, revoked or deactivated. */
export type Authenticate = (token: string) => Promise<AuthUser | null>;

/**
 * Who made a change and from where, as the audit log records it: the signed-in caller and
 * their address, or (id null) an operator at the server's command line.
 */
export interface Actor {
  id: number | null;
  address: string | null;
}

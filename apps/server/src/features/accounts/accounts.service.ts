/**
 * Accounts: sign-in, sessions, the profile and passwords (000 §2, §3, §5, §7 Accounts).
 * Rules and permissions live here; SQL lives in the repository; live events go out only
 * after the change is stored.
 */
import { rm } from 'node:fs/promises';
import {
  loginThrottledText,
  TEXT,
  TOKEN_LIFETIME_DEFAULT_MS,
  TOKEN_LIFETIME_REMEMBER_MS,
  type AdminUser,
  type UserDetails,
} from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/auth-user.js';
import type { LoginLimiter } from '../../auth/login-limiter.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import type { TokenService } from '../../auth/tokens.js';
import type { Database } from '../../db/tables.js';
import { isUniqueViolation, lookupKey, nowMs, toBool } from '../../db/values.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../errors.js';
import { noMetrics, type LoginCounters } from '../../metrics/metrics.js';
import type { LiveChannel } from '../../realtime/socket-server.js';
import type { FileStore } from '../../storage/file-store.js';
import { writeProfilePhoto } from '../../storage/images.js';
import type { PushRepository } from '../push/push.repository.js';
import { toAdminUser, toUserDetails, type AccountsRepository } from './accounts.repository.js';

export interface AccountsServiceDeps {
  db: Kysely<Database>;
  repo: AccountsRepository;
  tokens: TokenService;
  limiter: LoginLimiter;
  files: FileStore;
  live: LiveChannel;
  /** Logging out ends every session, so no browser gets the person's pushes after it (features/push). */
  pushSubscriptions: Pick<PushRepository, 'removeAllOf'>;
  /** Failed sign-ins and attempts the limits refused, for the metrics. */
  counters?: LoginCounters | undefined;
}

const lifetimeFor = (remember: boolean) => (remember ? TOKEN_LIFETIME_REMEMBER_MS : TOKEN_LIFETIME_DEFAULT_MS);

export const createAccountsService = ({ db, repo, tokens, limiter, files, live, pushSubscriptions, counters = noMetrics }: AccountsServiceDeps) => {
  const issueToken = async (userId: number, version: number, remember: boolean) => {
    const { token, expiresAt } = await tokens.issue({ userId, version, remember }, lifetimeFor(remember));
    return { token, expires_at: expiresAt.toISOString() };
  };

  const authenticate = async (token: string): Promise<AuthUser | null> => {
    const claims = await tokens.read(token);
    if (!claims) return null;
    const state = await repo.findSessionState(claims.userId);
    if (!state || !toBool(state.is_active) || state.token_version !== claims.version) return null;
    return {
      id: state.id,
      displayName: state.display_name,
      profilePhoto: state.profile_photo,
      firstName: state.first_name,
      emailAddress: state.email_address,
      isAdmin: toBool(state.admin_access),
      remember: claims.remember,
      mustChangePassword: toBool(state.must_change_password),
    };
  };

  const requireUser = async (userId: number) => {
    const user = await repo.findById(userId);
    if (!user) throw notFound('That user does not exist.');
    return user;
  };

  return {
    async login(input: { username: string; password: string; rememberMe: boolean }, clientAddress: string) {
      const user = await repo.findByLogin(input.username);
      // Keyed on the person, so their email address and username share one count.
      // An administrator's unlock moves login_unlocked_at on, which starts every count of the
      // account afresh, from the admin area or the command line alike.
      const attempt = {
        account: user ? `user:${user.id}:${user.login_unlocked_at}` : `login:${lookupKey(input.username)}`,
        address: clientAddress,
      };
      const verdict = await limiter.begin(attempt);
      if (!verdict.allowed) {
        counters.loginRefused();
        const seconds = Math.ceil(verdict.retryAfterMs / 1000);
        throw tooManyRequests(loginThrottledText(seconds), seconds);
      }

      const passwordMatches = user
        ? await verifyPassword(input.password, user.password_hash)
        : await verifyAgainstDummy(input.password);
      // One answer for an unknown account and a wrong password.
      if (!user || !passwordMatches) {
        counters.loginFailed();
        throw unauthorized(TEXT.loginInvalid);
      }
      await limiter.succeeded(attempt);
      if (!toBool(user.is_active)) throw forbidden(TEXT.loginDeactivated);

      return {
        message: TEXT.loginSuccessful,
        ...(await issueToken(user.id, user.token_version, input.rememberMe)),
        userDetails: toUserDetails(user),
        must_change_password: toBool(user.must_change_password),
      };
    },

    /** The user behind a token, or null when it is malformed, expired, revoked or deactivated. */
    authenticate,

    async getMe(userId: number): Promise<UserDetails> {
      return toUserDetails(await requireUser(userId));
    },

    /** Display name, and the photo when one was uploaded; nothing else changes (000 §5). */
    async updateMe(userId: number, input: { displayName: string; uploadedPhotoPath?: string | undefined }) {
      const before = await requireUser(userId);
      let newPhoto: string | undefined;
      if (input.uploadedPhotoPath) {
        newPhoto = files.newName('webp');
        try {
          await writeProfilePhoto(input.uploadedPhotoPath, files.pathFor('images-data', newPhoto));
        } catch (error) {
          await files.remove('images-data', newPhoto);
          throw error;
        } finally {
          await rm(input.uploadedPhotoPath, { force: true });
        }
      }
      try {
        await repo.updateProfile(userId, {
          display_name: input.displayName,
          ...(newPhoto ? { profile_photo: newPhoto } : {}),
        });
      } catch (error) {
        await files.remove('images-data', newPhoto);
        throw error;
      }
      if (newPhoto) await files.remove('images-data', before.profile_photo);
      return {
        message: TEXT.profileUpdated,
        updated_user: { id: userId, display_name: input.displayName, profile_photo: newPhoto ?? before.profile_photo },
      };
    },

    /** Revokes every earlier token; the caller gets a fresh one so this tab stays signed in. */
    async changePassword(caller: AuthUser, input: { oldPassword: string; newPassword: string }) {
      const user = await requireUser(caller.id);
      if (!(await verifyPassword(input.oldPassword, user.password_hash))) throw badRequest(TEXT.passwordWrongOld);
      if (input.oldPassword === input.newPassword) throw badRequest(TEXT.passwordSameAsOld);
      const version = await repo.replacePassword(caller.id, await hashPassword(input.newPassword), { mustChange: false });
      live.endSessions(caller.id, 'password-changed');
      return { message: TEXT.passwordChanged, ...(await issueToken(caller.id, version, caller.remember)) };
    },

    /** Ends every session of the user: all tokens issued so far stop working. */
    async logout(userId: number) {
      await repo.revokeTokens(userId);
      await pushSubscriptions.removeAllOf(userId);
      live.endSessions(userId, 'logout');
      return { message: 'You have been logged out.' };
    },

    async verifyToken(token: string) {
      return { valid: (await authenticate(token)) !== null };
    },

    async register(input: {
      first_name: string;
      last_name: string;
      email_address: string;
      department: string;
      username: string;
      password: string;
    }): Promise<{ message: string; user: AdminUser }> {
      const emailKey = lookupKey(input.email_address);
      const usernameKey = lookupKey(input.username);
      const refuseTaken = (taken: { email_key: string; username_key: string }[]) => {
        if (taken.some((row) => row.email_key === emailKey || row.username_key === emailKey)) {
          throw conflict('That email address is already registered.');
        }
        if (taken.some((row) => row.username_key === usernameKey || row.email_key === usernameKey)) {
          throw conflict('That username is already taken.');
        }
      };
      // Login takes either, so a username may not equal anyone's email address (or the
      // reverse): one typed login must never name two people.
      const loginKeys = [emailKey, usernameKey];
      refuseTaken(await repo.findByAnyLoginKey(loginKeys));
      const passwordHash = await hashPassword(input.password);
      const time = nowMs();
      let userId: number;
      try {
        userId = await db.transaction().execute(async (trx) => {
          const departmentId = await repo.findOrCreateDepartment(input.department, trx);
          return repo.insert(
            {
              email_address: input.email_address,
              email_key: emailKey,
              username: input.username,
              username_key: usernameKey,
              first_name: input.first_name,
              last_name: input.last_name,
              display_name: `${input.first_name} ${input.last_name}`,
              department_id: departmentId,
              password_hash: passwordHash,
              created_at: time,
              updated_at: time,
            },
            trx,
          );
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        refuseTaken(await repo.findByAnyLoginKey(loginKeys));
        throw conflict('That email address or username is already registered.');
      }
      return { message: 'User registered.', user: toAdminUser(await requireUser(userId)) };
    },

    async listUsers(): Promise<AdminUser[]> {
      return (await repo.listAll()).map(toAdminUser);
    },
  };
};

export type AccountsService = ReturnType<typeof createAccountsService>;

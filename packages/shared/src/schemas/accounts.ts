import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.js';
import { TEXT } from '../texts.js';
import { idSchema, isoDateSchema, requiredText, successSchema } from './common.js';

/** GET /api/v1/version (000 §7 Accounts). */
export const versionResponseSchema = successSchema({
  MOBILE_VERSION: z.string(),
  APP_VERSION: z.string(),
  ANDROID_APP_URL: z.string().describe('Android download; {version} is replaced by MOBILE_VERSION'),
  IOS_APP_URL: z.string(),
});
export type VersionResponse = z.infer<typeof versionResponseSchema>;

/** The signed-in user as the profile screen shows it (000 §3 User). */
export const userDetailsSchema = z.object({
  id: idSchema,
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_address: z.string(),
  department: z.string().nullable(),
  username: z.string(),
  admin_access: z.boolean(),
  approval_page: z.boolean(),
  profile_photo: z.string().nullable(),
  /** Set by an administrator's new or reset password: only a change is allowed until done (an added key). */
  must_change_password: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

const passwordField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .min(1, { error: `${label} is required.` })
    .max(PASSWORD_MAX_LENGTH, { error: `${label} must be at most ${PASSWORD_MAX_LENGTH} characters.` });

const newPasswordField = (label: string) =>
  passwordField(label).min(PASSWORD_MIN_LENGTH, {
    error: `${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  });

/**
 * POST /api/v1/accounts/login. `username` carries what was typed in 'Email Address': an
 * email address or a username (spec README).
 */
export const loginBodySchema = z.object(
  {
    username: z
      .string({ error: TEXT.loginBlank })
      .trim()
      .min(1, { error: TEXT.loginBlank })
      .max(EMAIL_MAX_LENGTH, { error: TEXT.loginInvalid }),
    password: z
      .string({ error: TEXT.loginBlank })
      .min(1, { error: TEXT.loginBlank })
      .max(PASSWORD_MAX_LENGTH, { error: TEXT.loginInvalid }),
    rememberMe: z.boolean({ error: 'Remember Me must be true or false.' }).optional().default(false),
  },
  { error: TEXT.loginBlank },
);
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResponseSchema = successSchema({
  message: z.string(),
  token: z.string(),
  expires_at: isoDateSchema,
  userDetails: userDetailsSchema,
  /** The person must change the password before anything else (docs/DECISIONS.md, "Administration"). */
  must_change_password: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/v1/accounts/register (admins only). */
export const registerBodySchema = z.object(
  {
    first_name: requiredText('First name', NAME_MAX_LENGTH),
    last_name: requiredText('Last name', NAME_MAX_LENGTH),
    email_address: requiredText('Email address', EMAIL_MAX_LENGTH).pipe(
      z.email({ error: 'Email address is not a valid email address.' }),
    ),
    department: requiredText('Department', NAME_MAX_LENGTH),
    username: requiredText('Username', USERNAME_MAX_LENGTH).regex(/^[A-Za-z0-9._-]+$/, {
      error: 'Username may only use letters, numbers, dots, dashes and underscores.',
    }),
    password: newPasswordField('Password'),
  },
  { error: 'The registration details are missing.' },
);
export type RegisterBody = z.input<typeof registerBodySchema>;

/** A user as an administrator sees it (GET /api/v1/admin/users). */
export const adminUserSchema = z.object({
  id: idSchema,
  email_address: z.string(),
  username: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  department: z.string().nullable(),
  admin_access: z.boolean(),
  is_active: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const registerResponseSchema = successSchema({ message: z.string(), user: adminUserSchema });

/** POST /api/v1/accounts/change-password. A new token replaces the revoked ones. */
export const changePasswordBodySchema = z.object(
  {
    oldPassword: passwordField('Current password'),
    newPassword: newPasswordField('New password'),
  },
  { error: TEXT.passwordFillInputs },
);
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const changePasswordResponseSchema = successSchema({
  message: z.string(),
  token: z.string(),
  expires_at: isoDateSchema,
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** GET /api/v1/accounts/me. */
export const meResponseSchema = successSchema({ user_details: userDetailsSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PUT /api/v1/accounts/me: the `data` part of the multipart body. */
export const updateMeDataSchema = z.object(
  {
    display_name: requiredText('Display name', DISPLAY_NAME_MAX_LENGTH),
  },
  { error: 'The profile details are missing.' },
);
export type UpdateMeData = z.input<typeof updateMeDataSchema>;

export const updateMeResponseSchema = successSchema({
  message: z.string(),
  updated_user: z.object({
    id: idSchema,
    display_name: z.string(),
    profile_photo: z.string().nullable(),
  }),
});
export type UpdateMeResponse = z.infer<typeof updateMeResponseSchema>;

/** POST /api/v1/tokens/verify. */
export const verifyTokenBodySchema = z.object(
  { token: z.string({ error: 'Token is required.' }).max(4096, { error: 'Token is too long.' }) },
  { error: 'Token is required.' },
);
export const verifyTokenResponseSchema = successSchema({ valid: z.boolean() });
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

/** GET /api/v1/admin/users. */
export const adminUsersResponseSchema = successSchema({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** PATCH /api/v1/admin/users/{id}: deactivate, reactivate, grant or withdraw admin access. */
export const adminUpdateUserBodySchema = z
  .object(
    {
      is_active: z.boolean({ error: 'is_active must be true or false.' }).optional(),
      admin_access: z.boolean({ error: 'admin_access must be true or false.' }).optional(),
    },
    { error: 'Nothing to update.' },
  )
  .refine((body) => body.is_active !== undefined || body.admin_access !== undefined, {
    error: 'Nothing to update: send is_active or admin_access.',
  });
export type AdminUpdateUserBody = z.input<typeof adminUpdateUserBodySchema>;
export const adminUpdateUserResponseSchema = successSchema({ message: z.string(), user: adminUserSchema });

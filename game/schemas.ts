/**
 * zod schemas of the HTTP API, shared by the React forms and the Hono routes so both enforce the same rules
 * with the same messages.
 */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { MSG } from './messages';

const email = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.passwordTooLong);

export const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9]{${USERNAME_MIN},${USERNAME_MAX}}$`);
export const UsernameSchema = z.string({ error: MSG.usernameInvalid }).regex(USERNAME_PATTERN, MSG.usernameInvalid);

export const SignupSchema = z
  .strictObject({ email, password: newPassword, confirmPassword: z.string().max(PASSWORD_MAX) })
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch });
export type Signup = z.input<typeof SignupSchema>;

export const LoginSchema = z.strictObject({
  identifier: z.string().trim().min(1, MSG.invalidLogin).max(254, MSG.invalidLogin),
  password: z.string().min(1, MSG.invalidLogin).max(PASSWORD_MAX, MSG.invalidLogin),
});
export type Login = z.input<typeof LoginSchema>;

export const ResetRequestSchema = z.strictObject({ email });
export type ResetRequest = z.input<typeof ResetRequestSchema>;

export const ResetConfirmSchema = z
  .strictObject({ token: z.string().min(1).max(200), password: newPassword, confirmPassword: z.string().max(PASSWORD_MAX) })
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch });
export type ResetConfirm = z.input<typeof ResetConfirmSchema>;

export const UsernameBodySchema = z.strictObject({ username: UsernameSchema });
export type UsernameBody = z.input<typeof UsernameBodySchema>;

/** What the client learns about the signed-in account; never another player's data. */
export const SessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionInfoSchema = z.object({
  user: SessionUserSchema.nullable(),
  googleEnabled: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** The profile of section 3 "User profile (as read)". Items arrive with the game. */
export const ProfileSchema = z.object({
  uid: z.string(),
  username: z.string(),
  level: z.number(),
  energy: z.number(),
  gold: z.number(),
  cash: z.number(),
  ranking: z.number(),
  totalAttack: z.number(),
  totalDefense: z.number(),
  duffelBagSize: z.number(),
  guild: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBodySchema>;

import { z } from "zod";
import { AuthMessages, EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./form-checks";

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const LoginInput = z.object({
  email: required(AuthMessages.loginRequired).regex(EMAIL_PATTERN, AuthMessages.invalidEmail).toLowerCase(),
  password: z
    .string({ error: AuthMessages.loginRequired })
    .min(1, AuthMessages.loginRequired)
    .max(MAX_PASSWORD_LENGTH, "Invalid email or password"),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = z.object({
  name: required(AuthMessages.allRequired).max(100, "Name must be at most 100 characters long."),
  email: required(AuthMessages.allRequired)
    .max(254, AuthMessages.invalidEmail)
    .regex(EMAIL_PATTERN, AuthMessages.invalidEmail)
    .toLowerCase(),
  password: z
    .string({ error: AuthMessages.allRequired })
    .min(1, AuthMessages.allRequired)
    .min(MIN_PASSWORD_LENGTH, AuthMessages.shortPassword)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const GoogleInput = z.object({
  token: z.string({ error: "A Google token is required." }).min(1, "A Google token is required.").max(8192),
});
export type GoogleInput = z.infer<typeof GoogleInput>;

export const UpdateMeInput = z.object({
  name: z.string().trim().min(1, "Name cannot be empty.").max(100, "Name must be at most 100 characters long.").optional(),
  model_metadata_field: z.object({ onboarded: z.boolean({ error: "onboarded must be true or false." }) }).optional(),
});
export type UpdateMeInput = z.infer<typeof UpdateMeInput>;

export const UniqueEmailInput = z.object({
  unique_email: z.string({ error: "unique_email is required." }).trim().min(1, "unique_email is required.").max(254),
});
export type UniqueEmailInput = z.infer<typeof UniqueEmailInput>;

/** A body for Better Auth's own session endpoints: a JSON object whose fields Better Auth itself checks. */
export const AuthEndpointInput = z.record(z.string(), z.unknown());
export type AuthEndpointInput = z.infer<typeof AuthEndpointInput>;

/** A new password under the rules docs/spec.md section 5 gives at registration. */
const newPassword = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .min(1, `${field} is required.`)
    .min(MIN_PASSWORD_LENGTH, AuthMessages.shortPassword)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

export const ChangePasswordInput = z.object({
  current_password: z.string({ error: "Current password is required." }).min(1, "Current password is required."),
  new_password: newPassword("New password"),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const PasswordResetInput = z.object({
  email: required(AuthMessages.invalidEmail)
    .max(254, AuthMessages.invalidEmail)
    .regex(EMAIL_PATTERN, AuthMessages.invalidEmail)
    .toLowerCase(),
});
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

export const PasswordResetConfirmInput = z.object({
  token: z.string({ error: "The reset link is invalid or has expired." }),
  password: newPassword("Password"),
});
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmInput>;

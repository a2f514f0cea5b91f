// The sign-in, registration and password forms' own checks, free of zod: they run in the browser, where the
// schemas' library would add about 30 KB of compressed JavaScript to every page (issue 34's budget).

/** docs/spec.md section 5, word for word: shown by the forms and returned by the API. */
export const AuthMessages = {
  loginRequired: "Email and password are required.",
  allRequired: "All fields are required.",
  passwordsDiffer: "Passwords do not match.",
  invalidEmail: "Please enter a valid email address.",
  shortPassword: "Password must be at least 6 characters long.",
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The login form's check, in the order docs/spec.md gives; null when the form may be sent. */
export function loginFormError(form: { email: string; password: string }): string | null {
  if (!form.email.trim() || !form.password) return AuthMessages.loginRequired;
  if (!isValidEmail(form.email)) return AuthMessages.invalidEmail;
  return null;
}

/** The register form's check, in the order docs/spec.md gives; null when the form may be sent. */
export function registerFormError(form: { name: string; email: string; password: string; confirmPassword: string }): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.password || !form.confirmPassword) return AuthMessages.allRequired;
  if (form.password !== form.confirmPassword) return AuthMessages.passwordsDiffer;
  if (!isValidEmail(form.email)) return AuthMessages.invalidEmail;
  if (form.password.length < MIN_PASSWORD_LENGTH) return AuthMessages.shortPassword;
  return null;
}

/** The password change form's check: docs/spec.md's rules, then the confirmation; null when the form may be sent. */
export function changePasswordFormError(form: { current: string; next: string; confirm: string }): string | null {
  if (!form.current || !form.next || !form.confirm) return AuthMessages.allRequired;
  if (form.next !== form.confirm) return AuthMessages.passwordsDiffer;
  if (form.next.length < MIN_PASSWORD_LENGTH) return AuthMessages.shortPassword;
  return null;
}

/** The reset form's check; null when the form may be sent. */
export function resetPasswordFormError(form: { password: string; confirm: string }): string | null {
  if (!form.password || !form.confirm) return AuthMessages.allRequired;
  if (form.password !== form.confirm) return AuthMessages.passwordsDiffer;
  if (form.password.length < MIN_PASSWORD_LENGTH) return AuthMessages.shortPassword;
  return null;
}

import { MESSAGES } from './errors';

/**
 * The sign-up and login rules of spec §5, in order. The form and the API both run
 * `validateCredentials`, so a client that skips the form gets the same answer.
 */
export type AuthMode = 'login' | 'signup';

export interface CredentialsInput {
  email: string;
  password: string;
  fullName?: string;
  phone?: string;
  confirmPassword?: string;
}

export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so a huge password cannot tie up the hasher (long-password DoS). */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 100;
export const PHONE_LENGTH = 10;

export const VALIDATION_MESSAGES = {
  email: 'Please enter a valid email address.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordInvalid: 'Password contains characters that are not allowed.',
  fullNameRequired: 'Full name is required for signup.',
  fullNameTooLong: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters long.`,
  fullNameInvalid: 'Full name contains characters that are not allowed.',
  phoneRequired: 'Phone number is required for signup.',
  phoneInvalid: 'Please enter a valid 10-digit Indian phone number.',
  passwordMismatch: 'Passwords do not match.',
  userExists: MESSAGES.userExists,
  forbiddenCharacters:
    'The request contains characters that are not allowed (a NUL character or a broken Unicode character).',
} as const;

// "text, an at sign, text, a dot and text" (spec §5 rule 1).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * What a new account's address must also be, so that mail can reach it: a dot-atom local
 * part (no quoted strings, and none of the characters mail headers use to separate or
 * quote addresses: comma, semicolon, angle and square brackets, parentheses, colon,
 * backslash; no empty, leading or trailing dot) and a domain of letter-digit-hyphen labels
 * with a top-level domain of letters. Sign-in keeps the looser pattern above, so an
 * account made before this rule can still sign in.
 */
const ATOM = '[^\\s@",;<>()\\[\\]\\\\:.]+';
// Letters include their combining marks (Devanagari vowel signs are marks, not letters).
const DOMAIN_LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?';
const DELIVERABLE_EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${DOMAIN_LABEL}\\.)+\\p{L}[\\p{L}\\p{M}]{1,62}$`, 'u');
// A 10-digit Indian mobile number starts with 6, 7, 8 or 9 (spec §5 rule 5).
const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
// Control characters (NUL, line breaks, escapes) have no place in a name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

// NUL has no place in text and PostgreSQL refuses it; a surrogate without its partner
// has no UTF-8 form, so it would be stored as a different character than was sent.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a NUL or an unpaired UTF-16 surrogate: refused everywhere. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Returns the first failing rule's message, or null when every rule passes. */
export function validateCredentials(mode: AuthMode, input: CredentialsInput): string | null {
  const emailProblem = validateEmail(mode, input.email);
  if (emailProblem) return emailProblem;
  const passwordProblem = validatePassword(input.password);
  if (passwordProblem) return passwordProblem;
  if (mode === 'login') return null;

  return validateProfile({ fullName: input.fullName ?? '', phone: input.phone ?? '' }) ?? validatePasswordsMatch(input);
}

/** The email rule (spec §5 rule 1); a new account's address must also be deliverable. */
export function validateEmail(mode: AuthMode, input: string): string | null {
  const email = input.trim();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email) || hasForbiddenCharacters(email)) {
    return VALIDATION_MESSAGES.email;
  }
  if (mode === 'signup' && !DELIVERABLE_EMAIL.test(email)) return VALIDATION_MESSAGES.email;
  return null;
}

/** The password rules of spec §5, for sign-up, sign-in and a new password. */
export function validatePassword(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return VALIDATION_MESSAGES.passwordTooLong;
  if (hasForbiddenCharacters(password)) return VALIDATION_MESSAGES.passwordInvalid;
  return null;
}

/** What a phone field may hold: room for "+91 98765 43210" and the like, which normalise to 10 digits. */
export const PHONE_INPUT_MAX_LENGTH = 20;

/**
 * The 10-digit mobile number in what people paste or type: spaces, dashes, dots and
 * brackets go, and a leading +91, 91 or 0 in front of 10 digits goes too. Anything else
 * comes back without its separators, for the spec's rule to judge.
 */
export function normalizeIndianMobile(input: string): string {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const national = /^(?:\+91|0091|91|0)(\d{10})$/.exec(compact);
  return national ? national[1]! : compact;
}

/** The sign-up rules for the name and phone (spec §5 rules 4–5), also used when a learner edits them. */
export function validateProfile(input: { fullName: string; phone: string }): string | null {
  return validateFullName(input.fullName) ?? validatePhone(input.phone);
}

/** The phone rule alone (spec §5 rule 5): a 10-digit Indian mobile number, as typed or pasted. */
export function validatePhone(input: string): string | null {
  const phone = normalizeIndianMobile(input);
  if (phone === '') return VALIDATION_MESSAGES.phoneRequired;
  if (!INDIAN_MOBILE_PATTERN.test(phone)) return VALIDATION_MESSAGES.phoneInvalid;
  return null;
}

/** The full-name rule alone (spec §5 rule 4), also for a name an admin corrects on a certificate. */
export function validateFullName(name: string): string | null {
  const fullName = name.trim();
  if (fullName === '') return VALIDATION_MESSAGES.fullNameRequired;
  if (fullName.length > FULL_NAME_MAX_LENGTH) return VALIDATION_MESSAGES.fullNameTooLong;
  if (CONTROL_CHARACTERS.test(fullName) || hasForbiddenCharacters(fullName)) return VALIDATION_MESSAGES.fullNameInvalid;
  return null;
}

/** A new password (reset or change): the sign-up rules for the password and its confirmation. */
export function validateNewPassword(input: { password: string; confirmPassword: string }): string | null {
  return validatePassword(input.password) ?? validatePasswordsMatch(input);
}

/** The confirmation rule of spec §5: both typed passwords are the same. */
export function validatePasswordsMatch(input: { password: string; confirmPassword?: string }): string | null {
  return input.password === input.confirmPassword ? null : VALIDATION_MESSAGES.passwordMismatch;
}

/** What the account screens say; the server's errors carry the same text. */
export const ACCOUNT_MESSAGES = {
  resetRequested: 'If an account exists for that email, we have sent a link to reset the password.',
  resetLinkInvalid: 'This link to reset your password is invalid or has expired. Please ask for a new one.',
  confirmationLinkInvalid:
    'This confirmation link is invalid, used or expired. Log in and send yourself a new one from your account page.',
  emailConfirmed: 'Thank you: your email address is confirmed.',
  emailAlreadyConfirmed: 'Your email address is already confirmed.',
  confirmationSent: 'We have sent you a new confirmation link.',
  currentPasswordWrong: 'Your current password is not correct.',
  deleteConfirmationWord: 'DELETE',
  deleteConfirmationMismatch: 'Please type DELETE to confirm.',
  profileSaved: 'Your details have been saved.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  otherSessionsEnded: 'You have been signed out of all other devices.',
  unknownState: 'Please choose your state from the list, or leave it empty.',
} as const;

/** How long a password-reset link works. */
export const RESET_LINK_VALID_MINUTES = 30;

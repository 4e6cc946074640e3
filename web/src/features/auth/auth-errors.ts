import { MESSAGES, VALIDATION_MESSAGES } from '@ehc/common';
import { ApiError } from '../../lib/graphql';

/** What to tell the learner when sign-in or sign-up fails, chosen by error code (spec §8). */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.generic;
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return MESSAGES.invalidCredentials;
    case 'USER_EXISTS':
      return MESSAGES.userExists;
    case 'RATE_LIMITED':
      return MESSAGES.rateLimited;
    case 'VALIDATION_FAILED':
      // The server runs the same rules as the form (common/validation.ts) and words them alike.
      return error.message;
    default:
      return MESSAGES.generic;
  }
}

export type AuthField = 'email' | 'password' | 'fullName' | 'phone' | 'confirmPassword';

/**
 * The fields a sign-in or sign-up message is about, so each is marked invalid and points
 * at the one message under the form (which stays the spec's single line).
 */
export function fieldsOfAuthError(message: string | null): AuthField[] {
  switch (message) {
    case null:
      return [];
    case VALIDATION_MESSAGES.email:
    case MESSAGES.userExists:
      return ['email'];
    case VALIDATION_MESSAGES.passwordTooShort:
    case VALIDATION_MESSAGES.passwordTooLong:
    case VALIDATION_MESSAGES.passwordInvalid:
      return ['password'];
    case VALIDATION_MESSAGES.fullNameRequired:
    case VALIDATION_MESSAGES.fullNameTooLong:
    case VALIDATION_MESSAGES.fullNameInvalid:
      return ['fullName'];
    case VALIDATION_MESSAGES.phoneRequired:
    case VALIDATION_MESSAGES.phoneInvalid:
      return ['phone'];
    case VALIDATION_MESSAGES.passwordMismatch:
      return ['confirmPassword'];
    case MESSAGES.invalidCredentials:
      return ['email', 'password'];
    default:
      return [];
  }
}

import { MESSAGES } from '@ehc/common';
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

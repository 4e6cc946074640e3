import { ACCOUNT_MESSAGES, MESSAGES } from '@ehc/common';
import { ApiError } from '../../lib/graphql';

/** What to tell the learner when an account action fails, chosen by error code. */
export function accountErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.generic;
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      // Only the current-password checks of this page can answer with this code.
      return ACCOUNT_MESSAGES.currentPasswordWrong;
    case 'RESET_LINK_INVALID':
      return ACCOUNT_MESSAGES.resetLinkInvalid;
    case 'RATE_LIMITED':
      return MESSAGES.rateLimited;
    case 'UNAUTHENTICATED':
      return MESSAGES.unauthenticated;
    case 'VALIDATION_FAILED':
      // The server runs the rules of common/validation.ts and words them alike.
      return error.message;
    default:
      return MESSAGES.generic;
  }
}

export function isApiError(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

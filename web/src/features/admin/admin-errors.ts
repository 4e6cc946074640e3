import { MESSAGES } from '@ehc/common';
import { ApiError } from '../../lib/graphql';

/** What to tell the admin when a console call fails, chosen by error code. */
export function adminErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.generic;
  switch (error.code) {
    case 'VALIDATION_FAILED':
    case 'NOT_FOUND':
    case 'GATEWAY_UNAVAILABLE':
      // AppError messages of these codes say what to fix or what is missing, safe to show.
      return error.message;
    case 'FORBIDDEN':
      return 'Your account is not an admin, so the server refused this.';
    case 'UNAUTHENTICATED':
      return MESSAGES.unauthenticated;
    case 'RATE_LIMITED':
      return MESSAGES.rateLimited;
    default:
      return MESSAGES.generic;
  }
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'FORBIDDEN';
}

import { MESSAGES, type ErrorCode } from '@ehc/common';

/**
 * The HTTP status a code answers with on a plain route (GraphQL answers its field errors
 * with 200 and the code). Every code has one, so a new code cannot be answered without.
 */
const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  USER_EXISTS: 409,
  INVALID_CREDENTIALS: 401,
  RATE_LIMITED: 429,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYMENT_NOT_VERIFIED: 400,
  GATEWAY_UNAVAILABLE: 503,
  RESET_LINK_INVALID: 400,
  METHOD_NOT_ALLOWED: 405,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  CROSS_SITE_REQUEST: 403,
  INTERNAL: 500,
};

/**
 * The one error type the API raises on purpose. Its message is safe to show a user;
 * anything else that escapes a resolver or a route is logged and answered generically.
 * `httpStatus` is what a plain HTTP route answers with (http/error-answers.ts).
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly httpStatus: number = HTTP_STATUS[code],
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(message: string): AppError {
    return new AppError('VALIDATION_FAILED', message);
  }

  static unauthenticated(): AppError {
    return new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  }

  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static rateLimited(): AppError {
    return new AppError('RATE_LIMITED', MESSAGES.rateLimited);
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }
}

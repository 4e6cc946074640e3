import { MESSAGES, type ErrorCode } from '@ehc/common';

/**
 * The one error type the API raises on purpose. Its message is safe to show a user;
 * anything else that escapes a resolver is logged and answered generically.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
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
}

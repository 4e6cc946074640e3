/**
 * Stable error codes carried in `extensions.code`, by GraphQL and by the plain HTTP
 * routes alike. The UI maps codes to messages; it never matches on message text.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'USER_EXISTS',
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYMENT_NOT_VERIFIED',
  'GATEWAY_UNAVAILABLE',
  'RESET_LINK_INVALID',
  // Refusals of the HTTP request itself, before any route or resolver reads it.
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'CROSS_SITE_REQUEST',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Messages the spec (§8) fixes word for word. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  userExists: 'User already exists with this email',
  generic: 'An error occurred. Please try again.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have access to this.',
  paymentGatewayFailedToLoad: 'Payment gateway failed to load. Please try again.',
  paymentInitFailed: 'Payment initialization failed. Please try again.',
  paymentStatusUpdateFailed: 'Payment completed but status update failed. Please contact support.',
  saveProgressFailed: 'Error saving progress. Please try again.',
  paymentFailed: 'The payment did not go through and you have not been charged. Please try again.',
} as const;

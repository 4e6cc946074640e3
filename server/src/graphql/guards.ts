import { AppError } from '../lib/errors';
import type { UserRow } from '../modules/users/user-store';
import type { GraphQLContext } from './context';

/** The session user, or an UNAUTHENTICATED error. */
export function requireUser(ctx: GraphQLContext): UserRow {
  if (!ctx.session) throw AppError.unauthenticated();
  return ctx.session.user;
}

/** The session user when they have paid, or a FORBIDDEN error. */
export function requirePaidUser(ctx: GraphQLContext): UserRow {
  const user = requireUser(ctx);
  if (user.payment_status !== 1)
    throw AppError.forbidden('This content is for subscribers. Please subscribe to access it.');
  return user;
}

/** The session user when they are an admin, or FORBIDDEN (UNAUTHENTICATED without a session). */
export function requireAdmin(ctx: GraphQLContext): UserRow {
  const user = requireUser(ctx);
  if (user.role !== 'admin') throw AppError.forbidden();
  return user;
}

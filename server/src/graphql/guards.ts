import { AppError } from '../lib/errors';
import type { UserRow } from '../modules/users/user-store';
import type { GraphQLContext } from './context';

/** The session user, or an UNAUTHENTICATED error. */
export function requireUser(ctx: GraphQLContext): UserRow {
  if (!ctx.session) throw AppError.unauthenticated();
  return ctx.session.user;
}

/** What a learner who has not paid hears when asking for paid content (a lesson, a lab file). */
export const SUBSCRIBERS_ONLY = 'This content is for subscribers. Please subscribe to access it.';

/** Whether the user has unlocked the course: the one paid check, here and on the plain file routes. */
export function hasCourseAccess(user: UserRow): boolean {
  return user.payment_status === 1;
}

/** The session user when they have paid, or a FORBIDDEN error. */
export function requirePaidUser(ctx: GraphQLContext): UserRow {
  const user = requireUser(ctx);
  if (!hasCourseAccess(user)) throw AppError.forbidden(SUBSCRIBERS_ONLY);
  return user;
}

/** The session user when they are an admin, or FORBIDDEN (UNAUTHENTICATED without a session). */
export function requireAdmin(ctx: GraphQLContext): UserRow {
  const user = requireUser(ctx);
  if (user.role !== 'admin') throw AppError.forbidden();
  return user;
}

import { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import { AppError } from '../lib/errors';
import type { UserRow } from '../modules/users/user-store';
import type { GraphQLContext, SessionState } from './context';

/**
 * Who may call a field, declared on it with the scope-auth plugin (graphql/builder.ts):
 * `authScopes: { signedIn: true }`, `{ paid: true }` or `{ admin: true }`. A field without
 * `authScopes` is public. docs/decisions/0039.
 */
export interface AuthScopes {
  /** A learner is signed in. */
  signedIn: boolean;
  /** The signed-in learner has unlocked the course (a payment, or access an admin granted). */
  paid: boolean;
  /** The signed-in user is one of the seller's staff (`npm run admin -- grant`). */
  admin: boolean;
}

export type Scope = keyof AuthScopes;

/** The context a resolver gets once any of the scopes passed: there is a session user. */
export type SignedInContext = GraphQLContext & { session: SessionState };

/** What a learner who has not paid hears when asking for paid content (a lesson, a lab file). */
export const SUBSCRIBERS_ONLY = 'This content is for subscribers. Please subscribe to access it.';

/** Whether the user has unlocked the course: the one paid check, here and on the plain file routes. */
export function hasCourseAccess(user: UserRow): boolean {
  return user.payment_status === 1;
}

/** The scopes of one request, from its session user (the scope initializer). */
export function authScopesOf(ctx: GraphQLContext): AuthScopes {
  const user = ctx.session?.user;
  return {
    signedIn: user !== undefined,
    paid: user !== undefined && hasCourseAccess(user),
    admin: user?.role === 'admin',
  };
}

// What a request that lacks a scope hears, given that someone is signed in. Without a
// session every scope answers UNAUTHENTICATED, so the client shows its sign-in prompt.
const REFUSALS: Record<Scope, () => AppError> = {
  signedIn: () => AppError.unauthenticated(),
  paid: () => AppError.forbidden(SUBSCRIBERS_ONLY),
  admin: () => AppError.forbidden(),
};

/**
 * The AppError a refused field answers with (scope-auth's `unauthorizedError`): the same
 * codes and messages the hand-called guards gave, so clients see no difference.
 */
export function refusalOf(ctx: GraphQLContext, failure: AuthFailure): AppError {
  if (!ctx.session) return AppError.unauthenticated();
  const scope = firstFailedScope(failure);
  return scope ? REFUSALS[scope]() : AppError.forbidden();
}

function firstFailedScope(failure: AuthFailure): Scope | null {
  switch (failure.kind) {
    case AuthScopeFailureType.AuthScope:
      return failure.scope in REFUSALS ? (failure.scope as Scope) : null;
    case AuthScopeFailureType.AnyAuthScopes:
    case AuthScopeFailureType.AllAuthScopes:
      for (const inner of failure.failures) {
        const scope = firstFailedScope(inner);
        if (scope) return scope;
      }
      return null;
    default:
      return null;
  }
}

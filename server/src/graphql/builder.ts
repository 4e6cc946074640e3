import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ZodPlugin from '@pothos/plugin-zod';
import { authScopesOf, refusalOf, type AuthScopes, type SignedInContext } from './auth-scopes';
import type { GraphQLContext } from './context';
import { validationFailure } from './input-rules';

/**
 * The one Pothos builder every module adds its types and fields to. Fields declare who may
 * call them (`authScopes`, graphql/auth-scopes.ts) and the shape rules of their input
 * (`validate`, graphql/input-rules.ts); both run before the resolver, in that order:
 * scope-auth is listed first so that a caller without the scope never learns which input
 * would have been accepted.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  // Under `t.withAuth(...)` a resolver's context has the session user, never null.
  AuthContexts: { signedIn: SignedInContext; paid: SignedInContext; admin: SignedInContext };
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: true;
}>({
  plugins: [ScopeAuthPlugin, ZodPlugin],
  scopeAuth: {
    authScopes: authScopesOf,
    unauthorizedError: (_parent, ctx, _info, result) => refusalOf(ctx, result.failure),
  },
  zod: { validationError: validationFailure },
  defaultFieldNullability: false,
  defaultInputFieldRequiredness: true,
});

builder.queryType({});
builder.mutationType({});

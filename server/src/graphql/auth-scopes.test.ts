import { MESSAGES } from '@ehc/common';
import { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLNamedType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../modules/users/user-store';
import { authScopesOf, refusalOf, SUBSCRIBERS_ONLY } from './auth-scopes';
import type { GraphQLContext } from './context';
import { schema } from './schema';

// What the console's API is made of: its fields are named admin…, and its types Admin….
// A field that returns (or takes) one of these types serves the console too, whatever
// its own name.
const ADMIN_FIELD_NAMES = new Set(['businessSettings', 'updateBusinessSettings']);
const ADMIN_TYPE_NAMES = new Set(['AuditEntry', 'BusinessSettings', 'BusinessSettingsInput']);
const isAdminFieldName = (name: string) => name.startsWith('admin') || ADMIN_FIELD_NAMES.has(name);
const isAdminType = (name: string) => name.startsWith('Admin') || ADMIN_TYPE_NAMES.has(name);

// Root fields anyone may call: each of these was chosen to be public. Any other root
// field must declare who may call it.
const PUBLIC_ROOT_FIELDS = [
  'appConfig',
  'confirmEmail',
  'legalPage',
  'loginUser',
  'logoutUser',
  'me',
  'pricing',
  'requestPasswordReset',
  'resetPassword',
  'sampleLesson',
  'sellerContact',
  'signupUser',
  'verifyCertificate',
];

type AnyField = GraphQLField<unknown, unknown>;

/** The scopes a field declared (`authScopes`, or `t.withAuth`), as Pothos keeps them on the built field. */
function declaredScopes(field: AnyField): unknown {
  const options = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
  return options?.authScopes;
}

const rootFields = [schema.getQueryType(), schema.getMutationType()].flatMap((type) =>
  Object.values(type?.getFields() ?? {}).map((field) => ({ root: type!.name, field })),
);

/** Every type a client can reach through a field: its result, nested fields, and its arguments' input types. */
function typesReachedBy(field: AnyField): Set<string> {
  const seen = new Set<string>();
  const visit = (type: GraphQLNamedType) => {
    if (seen.has(type.name)) return;
    seen.add(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const inner of Object.values(type.getFields())) {
        visit(getNamedType(inner.type));
        for (const arg of inner.args) visit(getNamedType(arg.type));
      }
    } else if (isUnionType(type)) {
      type.getTypes().forEach(visit);
    } else if (isInputObjectType(type)) {
      for (const inner of Object.values(type.getFields())) visit(getNamedType(inner.type));
    }
  };
  visit(getNamedType(field.type));
  for (const arg of field.args) visit(getNamedType(arg.type));
  return seen;
}

describe('declared scopes, read from the built schema', () => {
  const adminOnly = rootFields.filter(
    ({ field }) => isAdminFieldName(field.name) || [...typesReachedBy(field)].some(isAdminType),
  );

  it('finds the console API (the check below is not vacuous)', () => {
    expect(adminOnly.length).toBeGreaterThanOrEqual(14);
    expect(adminOnly.map(({ field }) => field.name)).toContain('adminLearner');
  });

  it('every admin-only field declares the admin scope, and only it', () => {
    const missing = adminOnly
      .filter(({ field }) => JSON.stringify(declaredScopes(field)) !== JSON.stringify({ admin: true }))
      .map(({ root, field }) => `${root}.${field.name}: ${JSON.stringify(declaredScopes(field)) ?? 'no authScopes'}`);
    expect(missing).toEqual([]);
  });

  it('every other root field declares a scope, unless it is one of the public fields', () => {
    const undeclared = rootFields
      .filter(({ field }) => declaredScopes(field) === undefined)
      .map(({ field }) => field.name)
      .sort();
    expect(undeclared).toEqual(PUBLIC_ROOT_FIELDS);
  });

  it('declares scopes as maps of the three scopes, never as functions the check cannot read', () => {
    for (const { root, field } of rootFields) {
      const scopes = declaredScopes(field);
      if (scopes === undefined) continue;
      expect([`${root}.${field.name}`, typeof scopes]).toEqual([`${root}.${field.name}`, 'object']);
      for (const [scope, value] of Object.entries(scopes as object)) {
        expect(['signedIn', 'paid', 'admin']).toContain(scope);
        expect(value).toBe(true);
      }
    }
  });
});

const user = (overrides: Partial<UserRow>): UserRow =>
  ({ id: 'u1', user_id: 'a@example.com', payment_status: 0, role: 'learner', ...overrides }) as UserRow;
const contextOf = (row: UserRow | null) =>
  ({ session: row ? { user: row, tokenHash: 'hash' } : null }) as unknown as GraphQLContext;
const failed = (scope: string): AuthFailure => ({
  kind: AuthScopeFailureType.AuthScope,
  scope,
  parameter: true,
  error: null,
});

describe('scopes of a request', () => {
  it('come from the session user', () => {
    expect(authScopesOf(contextOf(null))).toEqual({ signedIn: false, paid: false, admin: false });
    expect(authScopesOf(contextOf(user({})))).toEqual({ signedIn: true, paid: false, admin: false });
    expect(authScopesOf(contextOf(user({ payment_status: 1 })))).toEqual({ signedIn: true, paid: true, admin: false });
    expect(authScopesOf(contextOf(user({ role: 'admin' })))).toEqual({ signedIn: true, paid: false, admin: true });
  });
});

describe('the refusal of a missing scope', () => {
  const refusal = (row: UserRow | null, failure: AuthFailure) => {
    const error = refusalOf(contextOf(row), failure);
    return { code: error.code, message: error.message };
  };
  const unauthenticated = { code: 'UNAUTHENTICATED', message: MESSAGES.unauthenticated };

  it('is UNAUTHENTICATED without a session, whatever the scope', () => {
    for (const scope of ['signedIn', 'paid', 'admin']) expect(refusal(null, failed(scope))).toEqual(unauthenticated);
  });

  it("is the spec's FORBIDDEN message for each scope a signed-in learner lacks", () => {
    expect(refusal(user({}), failed('paid'))).toEqual({ code: 'FORBIDDEN', message: SUBSCRIBERS_ONLY });
    expect(refusal(user({}), failed('admin'))).toEqual({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
    const any: AuthFailure = { kind: AuthScopeFailureType.AnyAuthScopes, failures: [failed('paid')] };
    expect(refusal(user({}), any)).toEqual({ code: 'FORBIDDEN', message: SUBSCRIBERS_ONLY });
    expect(refusal(user({}), { kind: AuthScopeFailureType.Unknown })).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.forbidden,
    });
  });
});

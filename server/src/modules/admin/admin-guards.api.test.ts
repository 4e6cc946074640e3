import { getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../graphql/schema';
import type { SimulatedGateway } from '../billing/simulated-gateway';
import {
  codeOf,
  earnCertificate,
  payThroughCheckout,
  signUp,
  signUpAdmin,
  snapshotDatabase,
  type Learner,
} from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { istDay } from './ist-days';

// Every admin field is found by reading the schema, so a field added later is checked too
// (and fails here until this file knows how to fill in its arguments).
const isAdminField = (name: string) =>
  name.startsWith('admin') || name === 'businessSettings' || name === 'updateBusinessSettings';

function adminFields(type: GraphQLObjectType | null | undefined): GraphQLField<unknown, unknown>[] {
  return Object.values(type?.getFields() ?? {}).filter((field) => isAdminField(field.name));
}

const queries = adminFields(schema.getQueryType());
const mutations = adminFields(schema.getMutationType());

let t: TestApp;
let admin: Learner;
let target: Learner;
let bystander: Learner;
let values: Record<string, unknown>;
let overrides: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp();
  // Refund webhooks would arrive later on their own; nothing here should cause one anyway.
  (t.services.gateway as SimulatedGateway).deliver = async () => {};
  admin = await signUpAdmin(t);
  // The most tempting target: a paying learner with a certificate, who could refund
  // themselves, grant a friend, or rename a certificate if a guard were missing.
  target = await signUp(t, { prefix: 'target' });
  const { paymentId } = await payThroughCheckout(t, target);
  const certificateId = await earnCertificate(t, target);
  bystander = await signUp(t, { prefix: 'bystander' });
  const today = istDay(Date.now());
  values = {
    query: target.email,
    id: target.userRef,
    user_id: target.userRef,
    payment_id: paymentId,
    certificate_id: certificateId,
    holder_name: 'Somebody Else',
    reason: 'testing that this is refused',
    from: today,
    to: today,
    input: {
      legal_name: 'Hijacked Pvt Ltd',
      address: 'Nowhere',
      support_email: 'evil@example.com',
      price: 100,
    },
  };
  // Granting needs someone without access: the bystander, granting themselves.
  overrides = { adminGrantAccess: { user_id: bystander.userRef } };
});
afterAll(async () => {
  await t.close();
});

/** One operation calling `field` with a value for each argument. */
function operation(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isObjectType(getNamedType(field.type)) ? '{ __typename }' : '';
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    const own = overrides[field.name] ?? {};
    if (!(arg.name in own) && !(arg.name in values)) {
      throw new Error(`no test value for argument "${arg.name}" of ${field.name}`);
    }
    variables[arg.name] = arg.name in own ? own[arg.name] : values[arg.name];
  }
  const head = definitions ? `(${definitions})` : '';
  const args = call ? `(${call})` : '';
  return { query: `${kind} Check${head} { ${field.name}${args} ${selection} }`, variables };
}

const cases = [
  ...queries.map((field) => ['query', field] as const),
  ...mutations.map((field) => ['mutation', field] as const),
];

describe('the admin API refuses everyone but admins', () => {
  it('knows every admin field of the schema', () => {
    expect(queries.map((f) => f.name).sort()).toEqual([
      'adminFindLearners',
      'adminLearner',
      'adminPaymentsCsv',
      'adminSales',
      'businessSettings',
    ]);
    expect(mutations.map((f) => f.name).sort()).toEqual([
      'adminCheckPayment',
      'adminGrantAccess',
      'adminRefundPayment',
      'adminReissueCertificate',
      'adminResendReceipt',
      'adminRevokeAccess',
      'adminRevokeCertificate',
      'adminSignOutEverywhere',
      'updateBusinessSettings',
    ]);
  });

  it.each(cases.map(([kind, field]) => [field.name, kind, field] as const))(
    '%s: UNAUTHENTICATED without a session, FORBIDDEN for a learner, and nothing changes',
    async (name, kind, field) => {
      const { query, variables } = operation(kind, field);
      const before = await snapshotDatabase(t);

      const anonymous = await t.graphql(query, variables);
      expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
      expect(anonymous.body.data?.[name] ?? null).toBeNull();

      for (const learner of [target, bystander]) {
        const refused = await t.graphql(query, variables, { cookie: learner.cookie });
        expect(codeOf(refused)).toBe('FORBIDDEN');
        expect(refused.body.data?.[name] ?? null).toBeNull();
      }
      expect(await snapshotDatabase(t)).toEqual(before);
    },
  );

  it('answers an admin on every field (the guards refuse roles, not everyone)', async () => {
    for (const [kind, field] of cases) {
      const { query, variables } = operation(kind, field);
      const result = await t.graphql(query, variables, { cookie: admin.cookie });
      expect([field.name, codeOf(result)]).not.toEqual([field.name, 'UNAUTHENTICATED']);
      expect([field.name, codeOf(result)]).not.toEqual([field.name, 'FORBIDDEN']);
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VALIDATION_MESSAGES } from '@ehc/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, makePaid, uniqueEmail, type TestApp } from '../test/test-app';

// security.md case 21: odd input gets a clear refusal, never a 500 or an internal error,
// and leaves no error (or stack) in the log. PostgreSQL refuses NUL in text, so on that
// database a NUL that slipped through would show up as exactly that.

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'ab\uD83D';

const webAppDir = mkdtempSync(join(tmpdir(), 'ehc-input-web-'));
writeFileSync(join(webAppDir, 'index.html'), '<!doctype html><html><head><title>Course</title></head></html>');

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({}, { webAppDir });
  const email = uniqueEmail('odd-input');
  const signup = await t.graphql(`mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }`, {
    input: { email, password: 'secret12', confirm_password: 'secret12', full_name: 'Odd Input', phone: '9876543210' },
  });
  cookie = signup.sessionCookie!;
  await makePaid(t.services, email);
});
afterAll(async () => {
  await t.close();
  rmSync(webAppDir, { recursive: true, force: true });
});

let logsBefore = 0;
beforeEach(() => {
  logsBefore = t.logs.length;
});

/** Error lines, or any line with a stack, logged during the current test. */
function errorLogs(): string[] {
  return t.logs.slice(logsBefore).filter((line) => /"level":(50|60)/.test(line) || line.includes('"stack"'));
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface Argument {
  name: string;
  type: TypeRef;
}
interface RootField {
  name: string;
  args: Argument[];
  type: TypeRef;
}

// As deep as the schema needs ([Certificate!]! for results, String! for arguments),
// within the depth limit of 8.
const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
const ARG_REF = 'kind name ofType { kind name ofType { kind name } }';

async function introspect() {
  const result = await t.graphql(`{
    __schema {
      queryType { fields { name type { ${TYPE_REF} } args { name type { ${ARG_REF} } } } }
      mutationType { fields { name type { ${TYPE_REF} } args { name type { ${ARG_REF} } } } }
      types { name kind inputFields { name type { ${TYPE_REF} } } }
    }
  }`);
  const schema = result.body.data!.__schema as {
    queryType: { fields: RootField[] };
    mutationType: { fields: RootField[] };
    types: { name: string; kind: string; inputFields: Argument[] | null }[];
  };
  const inputFields = new Map(schema.types.map((type) => [type.name, type.inputFields ?? []]));
  return {
    operations: [
      ...schema.queryType.fields.map((field) => ({ operation: 'query', field })),
      ...schema.mutationType.fields.map((field) => ({ operation: 'mutation', field })),
    ],
    inputFields,
  };
}

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);
const typeName = (type: TypeRef): string =>
  type.kind === 'NON_NULL'
    ? `${typeName(type.ofType!)}!`
    : type.kind === 'LIST'
      ? `[${typeName(type.ofType!)}]`
      : type.name!;

/**
 * One request per String anywhere in an operation's arguments (inside input objects
 * too), with that String poisoned and every other argument harmless.
 */
async function everyStringArgument() {
  const { operations, inputFields } = await introspect();
  const cases: { label: string; query: string; variables: (poison: string) => Record<string, unknown> }[] = [];
  for (const { operation, field } of operations) {
    if (field.args.length === 0) continue;
    const selection = named(field.type).kind === 'OBJECT' ? ' { __typename }' : '';
    const declared = field.args.map((arg) => `$${arg.name}: ${typeName(arg.type)}`).join(', ');
    const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const query = `${operation} (${declared}) { ${field.name}(${passed})${selection} }`;

    // Paths to every String leaf, with a harmless value for every leaf.
    const leaves: string[][] = [];
    const harmless = (type: TypeRef, path: string[]): unknown => {
      const base = named(type);
      if (base.name === 'String' || base.name === 'ID') {
        leaves.push(path);
        return 'x';
      }
      if (base.name === 'Int') return 1;
      if (base.name === 'Boolean') return false;
      if (base.kind === 'INPUT_OBJECT') {
        return Object.fromEntries(
          inputFields.get(base.name!)!.map((input) => [input.name, harmless(input.type, [...path, input.name])]),
        );
      }
      throw new Error(`no harmless value for ${base.name}`);
    };
    const base = Object.fromEntries(field.args.map((arg) => [arg.name, harmless(arg.type, [arg.name])]));
    for (const path of leaves) {
      cases.push({
        label: `${field.name}(${path.join('.')})`,
        query,
        variables: (poison) => {
          const variables = structuredClone(base) as Record<string, unknown>;
          let target = variables;
          for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
          target[path.at(-1)!] = poison;
          return variables;
        },
      });
    }
  }
  return cases;
}

describe('GraphQL arguments', () => {
  it('refuse a NUL or a lone surrogate in every String argument, in variables', async () => {
    const cases = await everyStringArgument();
    // The schema's own String arguments, so a new one is covered without editing this test.
    expect(cases.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        'signupUser(input.full_name)',
        'loginUser(password)',
        'verifyCertificate(certificate_id)',
        'markLessonComplete(module_id)',
        'verifyPayment(input.razorpay_signature)',
      ]),
    );
    for (const { label, query, variables } of cases) {
      for (const poison of [NUL, LONE_SURROGATE]) {
        const result = await t.graphql(query, variables(poison), { cookie });
        expect({ label, status: result.status, errors: result.body.errors }).toEqual({
          label,
          status: 400,
          // Refused by the input guard before GraphQL runs: the plain routes' error shape.
          errors: [
            {
              message: VALIDATION_MESSAGES.forbiddenCharacters,
              extensions: { code: 'VALIDATION_FAILED', requestId: expect.any(String) },
            },
          ],
        });
      }
    }
    expect(errorLogs()).toEqual([]);
  });

  it('refuse a NUL written as an escape in a string literal of the query', async () => {
    for (const query of [
      '{ verifyCertificate(certificate_id: "EHC-\\u0000") { holder_name } }',
      'mutation { markLessonComplete(module_id: "crypto\\u0000graphy", number: 1) { completed } }',
    ]) {
      const result = await t.graphql(query, {}, { cookie });
      expect(result.status).toBe(200);
      expect(result.body.errors).toEqual([
        { message: VALIDATION_MESSAGES.forbiddenCharacters, extensions: { code: 'VALIDATION_FAILED' } },
      ]);
    }
    expect(errorLogs()).toEqual([]);
  });

  it('refuse a lone surrogate escape in a literal as a syntax error', async () => {
    const result = await t.graphql('{ verifyCertificate(certificate_id: "ab\\uD83D") { holder_name } }');
    expect(result.status).toBe(200);
    expect(result.body.errors?.[0]?.message).toMatch(/Invalid Unicode escape sequence/);
  });

  it('accept whole emoji and other scripts', async () => {
    const result = await t.graphql('query V($id: String!) { verifyCertificate(certificate_id: $id) { holder_name } }', {
      id: 'EHC-FULL-1-😀अ',
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { verifyCertificate: null } });
  });
});

describe('plain routes', () => {
  const forbiddenCharacters = {
    errors: [
      {
        message: VALIDATION_MESSAGES.forbiddenCharacters,
        extensions: { code: 'VALIDATION_FAILED', requestId: expect.any(String) },
      },
    ],
  };

  it.each([
    ['/verify/EHC-%00', false],
    ['/certificates/EHC-%00.png', true],
    ['/certificates/EHC-%00.png?download=1', true],
  ])('GET %s is refused with a 400', async (url, signedIn) => {
    const response = await t.app.inject({ method: 'GET', url, headers: signedIn ? { cookie } : {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(forbiddenCharacters);
    expect(errorLogs()).toEqual([]);
  });

  it.each([
    ['a NUL', { order_id: `order_${NUL}`, outcome: 'success' }],
    ['a lone surrogate', { order_id: `order_${LONE_SURROGATE}`, outcome: 'success' }],
    ['a NUL in a key', { order_id: 'order_1', outcome: 'success', [NUL]: 1 }],
  ])('the simulated checkout refuses %s in its body', async (_case, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/simulated-razorpay/pay',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(forbiddenCharacters);
    expect(errorLogs()).toEqual([]);
  });
});

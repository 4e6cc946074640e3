// A handloom marketplace whose pages fetch their data from its own GraphQL API. The storefront
// asks only for `id username` of a seller, but the API answers any field of `User` to anyone
// (no field-level authorization), introspection is on, and `apiKey` is one of those fields.
// The API is the real `graphql` package over in-memory data; requests are bounded (body size,
// tokens, depth, fields) before anything runs.
import {
  buildSchema,
  execute,
  GraphQLError,
  Kind,
  parse,
  recommendedRules,
  specifiedRules,
  validate,
  type ASTVisitor,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { esc, json, page, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';

const schema = buildSchema(`
  "A Haat Bazaar account: a seller, a member of staff or the administrator."
  type User {
    id: Int!
    username: String!
    email: String!
    "SELLER, STAFF or ADMIN."
    role: String!
    "Key for the staff console (admin-login). Only the account's owner should ever see it."
    apiKey: String!
  }

  "A handmade product listed by a seller."
  type Product {
    id: Int!
    name: String!
    craft: String!
    priceRupees: Int!
    seller: User!
  }

  type Query {
    "Every product in the storefront."
    products: [Product!]!
    product(id: Int!): Product
    "An account by its id."
    user(id: Int!): User
    "Notes for the operations team."
    adminNotes: [String!]!
  }
`);

interface UserRow {
  id: number;
  username: string;
  email: string;
  role: 'SELLER' | 'STAFF' | 'ADMIN';
}

const USERS: UserRow[] = [
  { id: 1, username: 'administrator', email: 'admin@haatbazaar.example', role: 'ADMIN' },
  { id: 2, username: 'priya_weaves', email: 'priya.nair@haatbazaar.example', role: 'SELLER' },
  { id: 3, username: 'kabir_pottery', email: 'kabir.sheikh@haatbazaar.example', role: 'SELLER' },
  { id: 4, username: 'meenakshi_silks', email: 'meenakshi.s@haatbazaar.example', role: 'SELLER' },
  { id: 5, username: 'ravi_support', email: 'ravi.k@haatbazaar.example', role: 'STAFF' },
];

const PRODUCTS = [
  { id: 101, name: 'Kasavu cotton saree', craft: 'Handloom, Balaramapuram', priceRupees: 4200, sellerId: 2 },
  { id: 102, name: 'Blue pottery vase', craft: 'Blue pottery, Jaipur', priceRupees: 1350, sellerId: 3 },
  { id: 103, name: 'Kanchipuram silk dupatta', craft: 'Silk weaving, Kanchipuram', priceRupees: 6800, sellerId: 4 },
  { id: 104, name: 'Terracotta diya set (12)', craft: 'Terracotta, Khurja', priceRupees: 480, sellerId: 3 },
];

const ADMIN_NOTES = [
  'Staff console: sign in at /admin-login with the API key of your account.',
  'Rotate the administrator API key after the Diwali sale.',
  'Ticket HB-311: the storefront should stop using this API for public pages.',
];

/** Every account's key, different for every start of the lab. */
function apiKeyOf(lab: Pick<LabTools, 'instanceSecret'>, username: string): string {
  return `hb_live_${lab.instanceSecret(`api key of ${username}`)}`;
}

function rootValue(lab: Pick<LabTools, 'instanceSecret'>) {
  const user = (id: number) => {
    const row = USERS.find((u) => u.id === id);
    return row ? { ...row, apiKey: apiKeyOf(lab, row.username) } : null;
  };
  const product = (row: (typeof PRODUCTS)[number]) => ({ ...row, seller: () => user(row.sellerId) });
  return {
    products: () => PRODUCTS.map(product),
    product: ({ id }: { id: number }) => {
      const row = PRODUCTS.find((p) => p.id === id);
      return row ? product(row) : null;
    },
    // The flaw: whoever asks gets the whole account, every field the schema offers.
    user: ({ id }: { id: number }) => user(id),
    adminNotes: () => ADMIN_NOTES,
  };
}

// Bounds: body, tokens, depth and fields (fragments counted each time they are spread).
const BODY_MAX = 8 * 1024;
const TOKENS_MAX = 2000;
const DEPTH_MAX = 15;
const FIELDS_MAX = 500;

function boundsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const memo = new Map<string, { depth: number; fields: number }>();
  const measure = (set: SelectionSetNode, visiting: Set<string>): { depth: number; fields: number } => {
    let depth = 0;
    let fields = 0;
    for (const selection of set.selections) {
      let inner = { depth: 0, fields: 0 };
      if (selection.kind === Kind.FIELD) {
        const below = selection.selectionSet ? measure(selection.selectionSet, visiting) : inner;
        inner = { depth: below.depth + 1, fields: below.fields + 1 };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = measure(selection.selectionSet, visiting);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Unknown and cyclic fragments are reported by graphql's own rules.
        if (!fragment || visiting.has(name)) continue;
        if (!memo.has(name)) {
          visiting.add(name);
          memo.set(name, measure(fragment.selectionSet, visiting));
          visiting.delete(name);
        }
        inner = memo.get(name)!;
      }
      depth = Math.max(depth, inner.depth);
      fields = Math.min(fields + inner.fields, Number.MAX_SAFE_INTEGER);
    }
    return { depth, fields };
  };
  return {
    OperationDefinition(node) {
      const { depth, fields } = measure(node.selectionSet, new Set());
      if (depth > DEPTH_MAX) {
        context.reportError(
          new GraphQLError(`Query is ${depth} levels deep; this API allows ${DEPTH_MAX}.`, { nodes: node }),
        );
      }
      if (fields > FIELDS_MAX) {
        context.reportError(
          new GraphQLError(`Query selects ${fields} fields; this API allows ${FIELDS_MAX}.`, { nodes: node }),
        );
      }
    },
  };
}

async function runQuery(
  lab: Pick<LabTools, 'instanceSecret'>,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): Promise<{ status: number; result: ExecutionResult }> {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: TOKENS_MAX, maxLexicalTokens: TOKENS_MAX });
  } catch (error) {
    if (error instanceof GraphQLError) return { status: 400, result: { errors: [error] } };
    throw error;
  }
  // recommendedRules caps how deep introspection may recurse (fields → type → fields …).
  const errors = validate(schema, document, [...specifiedRules, ...recommendedRules, boundsRule], { maxErrors: 20 });
  if (errors.length) return { status: 400, result: { errors } };
  const result = await execute({
    schema,
    document,
    rootValue: rootValue(lab),
    variableValues: variables ?? null,
    operationName: operationName ?? null,
  });
  return { status: 200, result };
}

function graphqlError(status: number, message: string, headers: Record<string, string> = {}): LabResponse {
  return json({ errors: [{ message }] }, { status, headers });
}

// The storefront's own queries: what the browser's network panel would show.
const STOREFRONT_QUERY = 'query Storefront { products { id name craft priceRupees seller { id username } } }';
const SELLER_QUERY = 'query Seller($id: Int!) { user(id: $id) { id username } }';

function requestShown(query: string, variables?: Record<string, unknown>): string {
  const body = JSON.stringify(variables ? { query, variables } : { query });
  return `<details><summary>How this page gets its data</summary>
<p>The page asks the shop's API. The request, as your browser's network panel shows it:</p>
<pre>POST graphql
Content-Type: application/json

${esc(body)}</pre></details>`;
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

type Storefront = {
  products: {
    id: number;
    name: string;
    craft: string;
    priceRupees: number;
    seller: { id: number; username: string };
  }[];
};

function loginForm(message = ''): string {
  return `<h1>Staff console</h1>
<p>Haat Bazaar staff sign in with the API key of their account.</p>
${message}
<form method="post" action="admin-login" class="lab-form">
  <label>API key <input name="apiKey" autocomplete="off" autocapitalize="off" spellcheck="false" required></label>
  <button type="submit">Sign in</button>
</form>`;
}

const target: LabTarget = {
  id: 'web-graphql-hidden-field',
  routes: {
    'GET /': async (_request, lab) => {
      const data = (await runQuery(lab, STOREFRONT_QUERY)).result.data as Storefront;
      const rows = data.products
        .map(
          (p) =>
            `<tr><td>${esc(p.name)}<br><span class="lab-muted">${esc(p.craft)}</span></td><td>${esc(rupees(p.priceRupees))}</td><td><a href="sellers/${p.seller.id}">${esc(p.seller.username)}</a></td></tr>`,
        )
        .join('');
      return page(
        'Haat Bazaar',
        `<h1>Haat Bazaar: handmade in India</h1>
<p>Sarees, pottery and diyas, straight from the artisans who make them.</p>
<table><thead><tr><th>Product</th><th>Price</th><th>Seller</th></tr></thead><tbody>${rows}</tbody></table>
${requestShown(STOREFRONT_QUERY)}
<p><a href="admin-login">Staff sign-in</a></p>`,
      );
    },
    'GET /sellers/:id': async (request, lab) => {
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
        return page('Not found', '<h1>No such seller</h1>', { status: 404 });
      const { result } = await runQuery(lab, SELLER_QUERY, { id });
      const user = (result.data as { user: { id: number; username: string } | null } | undefined)?.user;
      if (!user)
        return page('Not found', '<h1>No such seller</h1><p><a href="../">Back to the shop</a></p>', { status: 404 });
      const listed = PRODUCTS.filter((p) => p.sellerId === user.id);
      return page(
        user.username,
        `<h1>${esc(user.username)}</h1>
<p>${listed.length ? `${listed.length} product${listed.length > 1 ? 's' : ''} in the shop:` : 'No products listed yet.'}</p>
<ul>${listed.map((p) => `<li>${esc(p.name)}, ${esc(rupees(p.priceRupees))}</li>`).join('')}</ul>
${requestShown(SELLER_QUERY, { id })}
<p><a href="../">Back to the shop</a></p>`,
      );
    },
    'GET /graphql': () =>
      graphqlError(
        405,
        'Send a POST with Content-Type: application/json and a body such as {"query": "{ products { id name } }"}. This server has no GraphiQL console.',
        {
          allow: 'POST',
        },
      ),
    'POST /graphql': async (request, lab) => {
      if (!(request.headers['content-type'] ?? '').toLowerCase().includes('application/json')) {
        return graphqlError(415, 'Send the query as JSON, with the header Content-Type: application/json.');
      }
      if (request.body.length > BODY_MAX) return graphqlError(413, `The body is larger than ${BODY_MAX} bytes.`);
      let body: unknown;
      try {
        body = JSON.parse(request.body);
      } catch {
        return graphqlError(400, 'The body is not valid JSON.');
      }
      if (Array.isArray(body))
        return graphqlError(400, 'Batched operations are not accepted: send one {"query": …} object.');
      const { query, variables, operationName } = (body ?? {}) as Record<string, unknown>;
      if (typeof query !== 'string') return graphqlError(400, 'The JSON body needs a "query" string.');
      if (
        variables !== undefined &&
        variables !== null &&
        (typeof variables !== 'object' || Array.isArray(variables))
      ) {
        return graphqlError(400, '"variables" must be an object.');
      }
      if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
        return graphqlError(400, '"operationName" must be a string.');
      }
      const { status, result } = await runQuery(
        lab,
        query,
        (variables ?? undefined) as Record<string, unknown> | undefined,
        operationName ?? undefined,
      );
      return json(result, { status });
    },
    'GET /admin-login': () => page('Staff console', loginForm()),
    'POST /admin-login': (request, lab) => {
      const key = (request.form().get('apiKey') ?? '').trim();
      const owner = USERS.find((u) => apiKeyOf(lab, u.username) === key);
      if (!owner) {
        return page('Staff console', loginForm('<p class="lab-error" role="alert">Unknown API key.</p>'), {
          status: 401,
        });
      }
      if (owner.role !== 'ADMIN') {
        return page(
          'Staff console',
          loginForm(
            `<p class="lab-error" role="alert">This key belongs to ${esc(owner.username)} (${esc(owner.role)}). The console is for the administrator only.</p>`,
          ),
          { status: 403 },
        );
      }
      const flag = lab.solve();
      return page(
        'Staff console',
        `<h1>Staff console</h1>
<p>Signed in as <strong>administrator</strong> with an API key.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>
<p>Pending seller payouts: 3. Open disputes: 1.</p>
<p><a href="./">Back to the shop</a></p>`,
      );
    },
  },
};

export default target;

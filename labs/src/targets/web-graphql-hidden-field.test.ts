import { getIntrospectionQuery } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

const KEY = /hb_live_[0-9a-f]{32}/g;

describe('lab web-graphql-hidden-field', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  /** One GraphQL request, sent as a phone learner sends it: from the request editor. */
  const graphql = (query: string) =>
    lab.editor({
      method: 'POST',
      path: '/graphql',
      headers: 'Content-Type: application/json',
      body: JSON.stringify({ query }),
    });

  it('is solved by finding apiKey through introspection, reading the administrator’s, and signing in with it', async () => {
    lab = await startTestLab('web-graphql-hidden-field');
    const home = await lab.get('/');
    expect(home.body).toContain('POST graphql');
    expect(home.body).toContain('seller { id username }');
    expect(home.body).not.toMatch(KEY);

    const query = await graphql('{ __schema { queryType { fields { name } } } }');
    expect(query.body).toContain('adminNotes');
    const user = await graphql('{ __type(name: "User") { fields { name description } } }');
    expect(user.body).toContain('apiKey');

    const admin = await graphql('{ user(id: 1) { username role apiKey } }');
    expect(admin.body).toContain('administrator');
    const [key] = admin.body.match(KEY) ?? [];
    expect(key).toBeDefined();
    expect(showsFlag(admin.body, lab.flag)).toBe(false);

    const console = await lab.post('/admin-login', { apiKey: key! });
    expect(console.status).toBe(200);
    expect(console.body).toContain('Signed in as <strong>administrator</strong>');
    expect(showsFlag(console.body, lab.flag)).toBe(true);
  });

  it('answers the full introspection query that tools send, and suggests field names', async () => {
    lab = await startTestLab('web-graphql-hidden-field');
    const full = await lab.send('POST', '/graphql', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    expect(full.status).toBe(200);
    const schema = JSON.parse(full.body) as {
      data: { __schema: { types: { name: string; fields: { name: string }[] | null }[] } };
    };
    const user = schema.data.__schema.types.find((t) => t.name === 'User');
    expect(user?.fields?.map((f) => f.name)).toEqual(['id', 'username', 'email', 'role', 'apiKey']);

    const guess = await lab.send('POST', '/graphql', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ user(id: 2) { apikey } }' }),
    });
    expect(guess.status).toBe(400);
    expect(guess.body).toContain('Did you mean \\"apiKey\\"?');
  });

  it('shows no flag for the storefront, a seller’s own key, a wrong key, or malformed requests', async () => {
    lab = await startTestLab('web-graphql-hidden-field');
    const seller = await lab.get('/sellers/2');
    expect(seller.body).toContain('priya_weaves');
    expect(seller.body).not.toMatch(KEY);

    const priya = await graphql('{ user(id: 2) { apiKey } }');
    const [priyaKey] = priya.body.match(KEY) ?? [];
    const refused = await lab.post('/admin-login', { apiKey: priyaKey! });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('belongs to priya_weaves');
    expect(refused.body).not.toContain(lab.flag);

    const wrong = await lab.post('/admin-login', { apiKey: 'hb_live_00000000000000000000000000000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain(lab.flag);

    const form = await lab.post('/graphql', { query: '{ user(id: 1) { apiKey } }' });
    expect(form.status).toBe(415);
    expect(form.body).not.toMatch(KEY);
  });

  it('bounds what one request may ask for', async () => {
    lab = await startTestLab('web-graphql-hidden-field');
    const post = (body: string) =>
      lab.send('POST', '/graphql', { headers: { 'content-type': 'application/json' }, body });
    const deep = `{ __schema { types { fields { type ${'{ ofType '.repeat(14)}{ name }${' }'.repeat(14)} } } } }`;
    expect((await post(JSON.stringify({ query: deep }))).body).toMatch(/levels deep; this API allows 15/);
    const recursive =
      '{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }';
    expect((await post(JSON.stringify({ query: recursive }))).body).toMatch(/Maximum introspection depth exceeded/);
    // Each fragment spreads the next one twice: a few lines that count as over a thousand fields.
    const bomb = [
      'query { ...F0 }',
      ...Array.from({ length: 10 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`),
      'fragment F10 on Query { adminNotes }',
    ].join('\n');
    const answer = await post(JSON.stringify({ query: bomb }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/fields; this API allows 500/);
    const tokens = await post(JSON.stringify({ query: `{ ${'x '.repeat(2100)} }` }));
    expect(tokens.body).toMatch(/Document contains more th[a-z]+ 2000 tokens/);
    expect((await post('x'.repeat(9000))).status).toBe(413);
    expect((await post('[{"query":"{ adminNotes }"}]')).body).toContain('Batched operations are not accepted');
  });
});

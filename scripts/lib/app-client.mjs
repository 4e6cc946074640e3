// A running app server as the bench and the Lighthouse run drive it: wait for it, sign a
// learner up through the API, mark them paid in its database, and call GraphQL as them.
import pg from 'pg';

export async function markPaid(databaseUrl, email) {
  await runSql(databaseUrl, ['update app_user set payment_status = 1 where user_id = $1', [email]]);
}

/** Runs statements ([sql, params?] with $1-style placeholders) on the app's database, in order. */
export async function runSql(databaseUrl, ...statements) {
  if (databaseUrl.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 30000');
    try {
      // exec for a statement without parameters: it also runs pragmas, which return rows.
      for (const [text, params = []] of statements) {
        if (params.length === 0) db.exec(text);
        else db.prepare(text.replace(/\$\d+/g, '?')).run(...params);
      }
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const [text, params = []] of statements) await client.query(text, params);
    } finally {
      await client.end();
    }
  }
}

export async function graphqlAs(base, cookie, query, variables) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

export async function signUp(base, email) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }',
      variables: {
        input: {
          email,
          password: 'bench-password',
          confirm_password: 'bench-password',
          full_name: 'Bench Mark',
          phone: '9876543210',
        },
      },
    }),
  });
  return response.headers.get('set-cookie').split(';')[0];
}

export async function waitForHealth(base) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not come up');
}

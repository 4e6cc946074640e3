import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected loadEnv to fail');
}

describe('loadEnv', () => {
  it('has safe development defaults', () => {
    const env = loadEnv({});
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBe('sqlite:./data/app.db');
    expect(env.appOrigin).toBe('http://localhost:3000');
    expect(env.host).toBe('127.0.0.1');
    expect(env.trustProxy).toBe(false);
    expect(env.graphqlIntrospection).toBe(true);
  });

  it('takes PORT into the default origin', () => {
    expect(loadEnv({ PORT: '4100' }).appOrigin).toBe('http://localhost:4100');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['NODE_ENV', 'staging'],
    ['APP_ORIGIN', 'not a url'],
    ['TRUST_PROXY', 'maybe;rm'],
    ['SESSION_IDLE_TIMEOUT_HOURS', '-1'],
  ])('names %s when it is %j', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('lists every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', DATABASE_URL: 'ftp://x' })).toHaveLength(2);
  });

  it.each(['sqlite:/tmp/a.db', 'postgres://u@h/db', 'postgresql://u:p@h:5432/db'])('accepts DATABASE_URL %s', (url) => {
    expect(loadEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('requires APP_ORIGIN in production and turns introspection off there', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/^APP_ORIGIN: /);
    const env = loadEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://course.example.com/' });
    expect(env.appOrigin).toBe('https://course.example.com');
    expect(env.graphqlIntrospection).toBe(false);
    expect(env.host).toBe('0.0.0.0');
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});

import { describe, expect, it } from 'vitest';
import { LabEnvError, loadLabEnv } from './lab-env';

describe("the lab host's configuration", () => {
  it('has development defaults on another host than the app', () => {
    const env = loadLabEnv({});
    expect(env.labOrigin).toBe('http://127.0.0.1:3001');
    expect(env.appOrigin).toBe('http://localhost:3000');
    expect(env.host).toBe('127.0.0.1');
    expect(env.idleSeconds).toBe(1800);
  });

  it('in production needs both origins and secrets of its own', () => {
    expect(() => loadLabEnv({ NODE_ENV: 'production' })).toThrow(LabEnvError);
    try {
      loadLabEnv({ NODE_ENV: 'production' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['LAB_ORIGIN', 'APP_ORIGIN', 'LAB_TOKEN_SECRET', 'LAB_FLAG_SECRET'])
        expect(message).toContain(name);
    }
    const env = loadLabEnv({
      NODE_ENV: 'production',
      LAB_ORIGIN: 'https://labs-example.net',
      APP_ORIGIN: 'https://course.example.com',
      LAB_TOKEN_SECRET: 'p'.repeat(40),
      LAB_FLAG_SECRET: 'q'.repeat(40),
    });
    expect(env.host).toBe('0.0.0.0');
  });
});

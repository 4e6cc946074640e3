import { describe, expect, it } from 'vitest';
import { afterSignIn, isAppPage } from './pages';

describe('the app’s pages', () => {
  it.each([
    '/',
    '/dashboard',
    '/course/web-application/5',
    '/account/receipts/EHC-000001',
    '/admin/learners/x',
    '/verify/EHC-1',
  ])('knows %s', (path) => {
    expect(isAppPage(path)).toBe(true);
  });

  it.each(['/nope', '/course', '/dashboard/x', '/account/receipts'])('has no page at %s', (path) => {
    expect(isAppPage(path)).toBe(false);
  });
});

describe('where signing in goes', () => {
  it('comes back to a page of the app, with its query', () => {
    expect(afterSignIn('/course/web-application/5')).toBe('/course/web-application/5');
    expect(afterSignIn('/account/receipts/EHC-000001?print=1')).toBe('/account/receipts/EHC-000001?print=1');
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/dashboard',
    '/\\evil.example',
    'javascript:alert(1)',
    '/no-such-page',
    '/',
    '/dashboard\n',
  ])('goes to the dashboard for %j, never elsewhere', (next) => {
    expect(afterSignIn(next)).toBe('/dashboard');
  });
});

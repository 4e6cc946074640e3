import { describe, expect, it } from 'vitest';
import { MAX_STATE_BYTES, readState, StateTooLargeError, writeState } from './instance-state';

const SECRET = 'state-test-secret-0123456789abcdefghij';

describe("a lab instance's state cookie", () => {
  it('reads back what was written, for the same instance only', () => {
    const cookie = writeState(SECRET, 'instance-1', { comments: ['hello'] }, 1000);
    expect(readState(SECRET, 'instance-1', cookie, 1800, 1000)).toEqual({ comments: ['hello'] });
    expect(readState(SECRET, 'instance-2', cookie, 1800, 1000)).toBeUndefined();
    expect(readState('another-secret-0123456789abcdefghijkl', 'instance-1', cookie, 1800, 1000)).toBeUndefined();
  });

  it('refuses a cookie whose content was changed', () => {
    const cookie = writeState(SECRET, 'i', { admin: false }, 1000);
    const [, signature] = cookie.split('.');
    const forged = `${Buffer.from(JSON.stringify({ value: { admin: true }, seen: 1000 })).toString('base64url')}.${signature}`;
    expect(readState(SECRET, 'i', forged, 1800, 1000)).toBeUndefined();
  });

  it('drops the state after the idle time', () => {
    const cookie = writeState(SECRET, 'i', { n: 1 }, 1000);
    expect(readState(SECRET, 'i', cookie, 1800, 1000 + 1800)).toEqual({ n: 1 });
    expect(readState(SECRET, 'i', cookie, 1800, 1000 + 1801)).toBeUndefined();
  });

  it('refuses more than it may hold', () => {
    expect(() => writeState(SECRET, 'i', 'x'.repeat(MAX_STATE_BYTES))).toThrow(StateTooLargeError);
  });
});

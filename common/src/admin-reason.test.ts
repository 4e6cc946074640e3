import { describe, expect, it } from 'vitest';
import { normaliseReason, reasonIsValid } from './admin-reason';

describe('an admin reason', () => {
  it.each([
    ['Learner asked for a refund by email', true],
    ['Dup payment', true],
    ['१२३४५', true],
    ['\u200b\u200b\u200b\u200b\u200b', false],
    ['a\u200bb\u200dc\u2060d', false],
    ['.....', false],
    ['  ok  ', false],
    ['x'.repeat(501), false],
  ])('%j is valid: %s', (reason, valid) => {
    expect(reasonIsValid(reason)).toBe(valid);
  });

  it('is stored without format characters and surrounding space', () => {
    expect(normaliseReason(' \u200bRefund\u200b per policy \u202e')).toBe('Refund per policy');
  });
});

import { describe, expect, it } from 'vitest';
import { containsForbiddenText } from './input-guard';

describe('containsForbiddenText', () => {
  it.each([
    ['a string', 'a\u0000b'],
    ['a value deep in an object', { input: { list: [{ name: ['ok', 'x\uDE00'] }] } }],
    ['a key', { ['a\u0000']: 1 }],
    ['a parameter object without a prototype', Object.assign(Object.create(null), { id: 'EHC-\u0000' })],
  ])('finds a forbidden character in %s', (_case, value) => {
    expect(containsForbiddenText(value)).toBe(true);
  });

  it('passes ordinary text, numbers, null and whole emoji', () => {
    expect(containsForbiddenText({ query: '{ me { user_id } }', variables: { n: 1, x: null, s: 'a😀b अ' } })).toBe(
      false,
    );
  });

  it('walks a very deeply nested value without overflowing the stack', () => {
    let nested: unknown = 'x\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) nested = [nested];
    expect(containsForbiddenText(nested)).toBe(true);
  });
});

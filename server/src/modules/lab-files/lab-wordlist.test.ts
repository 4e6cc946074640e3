import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { labWordlist, labWordlistCandidates } from './lab-wordlist';

describe('the lab wordlist', () => {
  const text = labWordlist().toString('utf8');
  const lines = text.split('\n');

  it('is 200 distinct WPA-valid candidates, one a line, ending in a newline', () => {
    expect(lines.at(-1)).toBe('');
    const candidates = lines.slice(0, -1);
    expect(candidates).toHaveLength(200);
    expect(new Set(candidates).size).toBe(200);
    for (const candidate of candidates) expect(candidate).toMatch(/^[\x21-\x7e]{8,63}$/);
    expect(candidates).toEqual(labWordlistCandidates());
  });

  it('holds the lab passphrase once, in the middle, among near misses', () => {
    const candidates = lines.slice(0, -1);
    expect(candidates.filter((c) => c === 'monsoon2026')).toHaveLength(1);
    const position = candidates.indexOf('monsoon2026');
    expect(position).toBeGreaterThanOrEqual(50);
    expect(position).toBeLessThan(150);
    expect(candidates).toEqual(expect.arrayContaining(['monsoon2025', 'Monsoon2026', 'monsoon@2026']));
  });

  it('is built from the word parts of the lesson: cities, seasons, festivals and cricket', () => {
    const has = (word: string) => lines.some((line) => line.toLowerCase().includes(word));
    for (const word of ['pune', 'monsoon', 'diwali', 'wicket']) expect(has(word)).toBe(true);
  });

  it('is the same bytes on every call and every machine', () => {
    expect(labWordlist().equals(labWordlist())).toBe(true);
    expect(createHash('sha256').update(text).digest('hex')).toBe(
      '2aa57fb53672918605c760fec447b550e9b0bf7cf68e373ebaeb14aa27282c08',
    );
  });
});

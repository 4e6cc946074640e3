import { describe, expect, it } from 'vitest';
import { budgetFactory } from './rate-limits';

// Budgets on the embedded default's store (memory). The PostgreSQL and Redis stores are
// exercised through the API and two-server suites.
const memoryBudget = (points: number) =>
  budgetFactory({ store: 'memory', db: undefined as never })('test', { points, windowMs: 600_000 });

describe('a memory budget', () => {
  it('refuses a key past its points until given back, and forgets it when cleared', async () => {
    const budget = memoryBudget(2);
    expect(await budget.take('a')).toBe(true);
    expect(await budget.take('a')).toBe(true);
    expect(await budget.take('a')).toBe(false);
    expect(await budget.take('b')).toBe(true);
    await budget.clear('a');
    expect(await budget.attempts('a')).toBe(0);
    expect(await budget.take('a')).toBe(true);
    await budget.giveBack('a');
    expect(await budget.attempts('a')).toBe(0);
  });

  // The first version kept the 100,000 most recent keys, so a flood of random emails
  // pushed a locked account's counter out and unlocked it.
  it('keeps a spent key spent however many other keys arrive after it', async () => {
    const budget = memoryBudget(10);
    for (let i = 0; i < 10; i += 1) await budget.take('locked@example.com');
    expect(await budget.take('locked@example.com')).toBe(false);
    for (let i = 0; i < 120_000; i += 1) await budget.take(`flood-${i}@example.com`);
    expect(await budget.take('locked@example.com')).toBe(false);
  });

  it('tells whoever listens which budget refused', async () => {
    const refused: string[] = [];
    const budget = budgetFactory({ store: 'memory', db: undefined as never, onRefused: (name) => refused.push(name) })(
      'login_email',
      { points: 1, windowMs: 60_000 },
    );
    await budget.take('x');
    await budget.take('x');
    expect(refused).toEqual(['login_email']);
  });
});

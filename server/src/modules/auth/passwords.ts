import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

// Argon2id (algorithm 2) at OWASP's minimum cost: 19 MiB, 2 passes, 1 lane.
// `Algorithm` is a const enum in the typings, so its value is written out here.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing is the costliest thing the server does (≈15 ms of CPU each). It runs in worker
 * threads of lower priority (nice +10), one fewer than the machine's cores, so a burst of
 * sign-ins queues for the CPU the request thread leaves over instead of slowing every page
 * (on two cores one thread: the bench reads 30 to 115 sign-ins a second, depending on the
 * machine, while pages keep their latency).
 */
const pool = new Piscina({
  filename: new URL('./password-worker.mjs', import.meta.url).href,
  maxThreads: Math.max(1, availableParallelism() - 1),
  minThreads: 1,
  niceIncrement: 10,
  // Without it a task that arrives while another is handed to a worker can overtake the
  // queue, and under steady load a few sign-ins waited many seconds (piscina issue #1031;
  // passwords.test.ts counts how many later sign-ins pass one, of 32 clients).
  stricterFIFO: true,
});

export function hashPassword(password: string): Promise<string> {
  return pool.run({ password, options: OPTIONS }, { name: 'hash' }) as Promise<string>;
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return pool.run({ passwordHash, password }, { name: 'verify' }) as Promise<boolean>;
}

/** How many hashings and verifications the workers have finished (tests compare the work of two paths). */
export function passwordWorkDone(): number {
  return pool.completed;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification when the email is unknown, so the
 * response time does not tell an attacker which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

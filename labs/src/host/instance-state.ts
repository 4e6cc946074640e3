// A lab instance's state (a stored comment, a changed e-mail address…) travels with the
// learner in a signed cookie scoped to the instance's path. Any lab host can serve any
// request, no lab host keeps per-learner memory, and nothing one learner stores can reach
// another. The cookie also dates the instance's last use: after LAB_IDLE_MINUTES without a
// request the state is dropped and the instance starts afresh.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const STATE_COOKIE = 'lab_state';
export const MAX_STATE_BYTES = 3000;

interface Envelope {
  value: unknown;
  /** Last use, in seconds since the epoch. */
  seen: number;
}

function mac(secret: string, instanceId: string, payload: string): string {
  return createHmac('sha256', secret).update(`ehc-lab-state\0${instanceId}\0${payload}`).digest('base64url');
}

export function readState(
  secret: string,
  instanceId: string,
  cookie: string | undefined,
  idleSeconds: number,
  now = Date.now() / 1000,
): unknown {
  if (!cookie) return undefined;
  const [payload, signature] = cookie.split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(mac(secret, instanceId, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const envelope = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Envelope;
    return now - envelope.seen > idleSeconds ? undefined : envelope.value;
  } catch {
    return undefined;
  }
}

export class StateTooLargeError extends Error {
  constructor() {
    super(`This lab keeps at most ${MAX_STATE_BYTES} bytes of your data: remove something first.`);
  }
}

export function writeState(secret: string, instanceId: string, value: unknown, now = Date.now() / 1000): string {
  const payload = Buffer.from(JSON.stringify({ value, seen: Math.floor(now) } satisfies Envelope)).toString(
    'base64url',
  );
  if (payload.length > MAX_STATE_BYTES) throw new StateTooLargeError();
  return `${payload}.${mac(secret, instanceId, payload)}`;
}

// Runs in the password pool's threads (passwords.ts): argon2id, synchronously, in a thread
// of lower priority than the one answering requests. Plain JavaScript, so a worker loads it
// the same way under tsx, Vitest and a bundler.
import { hashSync, verifySync } from '@node-rs/argon2';

export function hash({ password, options }) {
  return hashSync(password, options);
}

export function verify({ passwordHash, password }) {
  try {
    return verifySync(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, never a crash.
    return false;
  }
}

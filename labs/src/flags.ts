// Per-learner, per-lab flags. The lab host shows a learner the flag when they solve a lab;
// the app server recomputes it to check a submission. Both hold LAB_FLAG_SECRET, nothing
// else is needed, and a flag copied from another learner is simply a different string.
import { createHmac, timingSafeEqual } from 'node:crypto';

const FLAG_SHAPE = /^EHC\{[A-Za-z0-9_-]{20,}\}$/;

/** The flag of `learner` for `labId`: `EHC{` + 32 URL-safe characters of an HMAC + `}`. */
export function labFlag(secret: string, learner: string, labId: string): string {
  const mac = createHmac('sha256', secret).update(`ehc-lab-flag\0${labId}\0${learner}`).digest('base64url');
  return `EHC{${mac.slice(0, 32)}}`;
}

export function looksLikeFlag(text: string): boolean {
  return FLAG_SHAPE.test(text);
}

/** Constant-time comparison of a submitted flag with the learner's own. */
export function isLearnersFlag(secret: string, learner: string, labId: string, submitted: string): boolean {
  const expected = Buffer.from(labFlag(secret, learner, labId));
  const given = Buffer.from(submitted.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

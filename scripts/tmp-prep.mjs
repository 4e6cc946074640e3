import { markPaid, signUp } from './lib/app-client.mjs';
export async function preparePaidLearnerForTmp(base, db) {
  const email = `lh${Date.now()}@example.com`;
  const cookie = await signUp(base, email);
  await markPaid(db, email);
  return cookie;
}

// The lab knows the learner only from this token: the app server signs it when a paid
// learner starts a lab, and it travels in the lab's URL path (/i/<token>/), so the lab
// never sees the app's session cookie. HS256 with LAB_TOKEN_SECRET, which only the app
// servers and the lab hosts hold.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface LabTokenClaims {
  /** The learner, as the app knows them (their user id). */
  learner: string;
  labId: string;
  /** One start of the lab: its own state, its own request budget. */
  instanceId: string;
  /** Seconds since the epoch after which the token is refused. */
  expiresAt: number;
}

const ISSUER = 'ehc-app';
const AUDIENCE = 'ehc-lab';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signLabToken(
  secret: string,
  claims: { learner: string; labId: string; expiresAt: Date },
): Promise<{ token: string; instanceId: string }> {
  const instanceId = randomUUID();
  const token = await new SignJWT({ lab: claims.labId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.learner)
    .setJti(instanceId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { token, instanceId };
}

/** The claims of a valid, unexpired token, or null for anything else. */
export async function verifyLabToken(secret: string, token: string): Promise<LabTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    if (typeof payload.lab !== 'string') return null;
    return { learner: payload.sub!, labId: payload.lab, instanceId: payload.jti!, expiresAt: payload.exp! };
  } catch {
    // Expired, forged, malformed: all the same to the lab, which answers "start it again".
    return null;
  }
}

// MSCHAPv2 (RFC 2759) as a rogue RADIUS server sees it inside a PEAP tunnel, and what a
// cracker does with it: ChallengeHash from both challenges and the user name, the NT hash
// of a candidate password, and the 24-byte NT-Response made of three DES encryptions.
import { createHash } from 'node:crypto';
import { desEncryptBlock, desKeyFrom7 } from './wifi-des';
import { md4 } from './wifi-md4';

/** ChallengeHash = first 8 bytes of SHA1(PeerChallenge ‖ AuthenticatorChallenge ‖ UserName). */
export function challengeHash(peerChallenge: Buffer, authenticatorChallenge: Buffer, username: string): Buffer {
  return createHash('sha1')
    .update(Buffer.concat([peerChallenge, authenticatorChallenge, Buffer.from(username, 'utf8')]))
    .digest()
    .subarray(0, 8);
}

/** NT hash = MD4(UTF-16LE(password)). */
export function ntHash(password: string): Buffer {
  return md4(Buffer.from(password, 'utf16le'));
}

/** NT-Response = DES(hash[0..7], C) ‖ DES(hash[7..14], C) ‖ DES(hash[14..16] + 5 zero bytes, C). */
export function ntResponseFromHash(hash: Buffer, challenge: Buffer): Buffer {
  const padded = Buffer.concat([hash, Buffer.alloc(5)]);
  return Buffer.concat(
    [0, 7, 14].map((start) => desEncryptBlock(desKeyFrom7(padded.subarray(start, start + 7)), challenge)),
  );
}

export function ntResponse(password: string, challenge: Buffer): Buffer {
  return ntResponseFromHash(ntHash(password), challenge);
}

/** The user name as ChallengeHash uses it: without a "DOMAIN\" prefix (RFC 2759, section 4). */
export function withoutDomain(identity: string): string {
  const slash = identity.lastIndexOf('\\');
  return slash === -1 ? identity : identity.slice(slash + 1);
}

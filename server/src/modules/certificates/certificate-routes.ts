import { bakeCredential } from '@ehc/common/credentials';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { contentDisposition } from '../../http/content-disposition';
import { etagMatches, etagOf } from '../../http/etag';
import { requestUser, type RequestSessionDeps } from '../../http/request-session';
import { AppError } from '../../lib/errors';
import { PRIMARY_ALGORITHM, type CredentialIssuer } from '../credentials/credential-service';
import { renderCertificatePng } from './certificate-image';
import { certificateFileName, findCertificate, verifyUrl, type CertificateRow } from './certificate-service';

/** What the certificate routes use: the session lookup, the public origin and the credential signer. */
export interface CertificateRouteServices extends RequestSessionDeps {
  env: RequestSessionDeps['env'] & { appOrigin: string };
  credentials: Pick<CredentialIssuer, 'credentialFor'>;
}

/**
 * GET /certificates/<id>.png: the certificate image, drawn on the server, for its holder
 * only, while it stands (anyone else, or a revoked certificate, gets 404 as if it did not
 * exist). `?download=1` makes the browser save it under the name built from the holder's email.
 * The image carries the signed credential baked in (Open Badges 3.0 baking).
 *
 * GET /certificates/<id>/credential.jwt: the same signed credential (RS256) as a file, on the
 * same terms; /credential-eddsa.jwt: the same credential signed with Ed25519 (decision 0035).
 */
export function registerCertificateRoutes(app: FastifyInstance, services: CertificateRouteServices): void {
  // The 200 most recently used images are kept (≈100 KB each) under their ETag, which holds everything in them
  // that can change: an admin may reissue a certificate under the same id with a corrected
  // name, and every server must then draw the new name, not serve its old picture.
  const images = new LRUCache<string, Buffer>({ max: 200 });
  async function image(certificate: CertificateRow, credential: string, etag: string): Promise<Buffer> {
    const cached = images.get(etag);
    if (cached) return cached;
    const drawn = await renderCertificatePng({
      certificateId: certificate.certificate_id,
      holderName: certificate.holder_name,
      scope: certificate.scope,
      completedAt: certificate.completed_at,
      verifyUrl: verifyUrl(services.env.appOrigin, certificate.certificate_id),
    });
    // Baked after drawing: the picture stays byte for byte what the renderer made.
    const baked = bakeCredential(drawn, credential);
    const png = Buffer.from(baked.buffer, baked.byteOffset, baked.byteLength);
    images.set(etag, png);
    return png;
  }

  /** The certificate of `id` and the signed-in holder's email, or null (answer 404). */
  async function holderCertificate(request: FastifyRequest, id: string) {
    if (id.length > 120) return null;
    const user = await requestUser(request, services);
    if (!user) return null;
    const certificate = await findCertificate(services.db, id);
    // A revoked certificate is not its holder's to show any more (/verify says it was revoked).
    if (!certificate || certificate.user_ref !== user.id || certificate.revoked_at !== null) return null;
    return { certificate, email: user.user_id };
  }

  // Everything in the answer is in the tag (the signed credential holds the name, dates,
  // issuer and key), so a repeat view costs a 304, and a reissue or a new key changes it.
  // Kept by the holder's browser only (private).

  app.get<{ Params: { file: string }; Querystring: { download?: string } }>(
    '/certificates/:file',
    async (request, reply) => {
      // A refusal is kept by no cache; the image's own caching replaces this below.
      reply.header('cache-control', 'no-store');
      const match = /^(.{1,120})\.png$/.exec(request.params.file);
      const found = match ? await holderCertificate(request, match[1]!) : null;
      if (!found) throw AppError.notFound();
      const { certificate, email } = found;
      const credential = await services.credentials.credentialFor(certificate, email);

      const etag = etagOf(certificate.certificate_id, certificate.holder_name, services.env.appOrigin, credential);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

      const png = await image(certificate, credential, etag);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('image/png')
        .header('content-disposition', contentDisposition(disposition, certificateFileName(email)))
        .send(png);
    },
  );

  const credentialFiles = [
    { path: 'credential.jwt', alg: PRIMARY_ALGORITHM, suffix: '.jwt' },
    { path: 'credential-eddsa.jwt', alg: 'EdDSA', suffix: '.eddsa.jwt' },
  ] as const;
  for (const file of credentialFiles) {
    app.get<{ Params: { id: string } }>(`/certificates/:id/${file.path}`, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await holderCertificate(request, request.params.id);
      if (!found) throw AppError.notFound();
      const credential = await services.credentials.credentialFor(found.certificate, found.email, file.alg);
      const etag = etagOf(credential);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      // Open Badges 3.0 §5.3: a VC-JWT file is the compact JWS itself, as text.
      return reply
        .type('text/plain; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `${found.certificate.certificate_id}${file.suffix}`),
        )
        .send(credential);
    });
  }
}

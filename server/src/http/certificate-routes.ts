import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { findSessionUser } from '../modules/auth/session-store';
import { SESSION_COOKIE } from '../modules/auth/session-token';
import { renderCertificatePng } from '../modules/certificates/certificate-image';
import { certificateFileName, findCertificate, verifyUrl } from '../modules/certificates/certificate-service';
import type { Services } from '../services';
import { contentDisposition } from './content-disposition';

/**
 * GET /certificates/<id>.png: the certificate image, drawn on the server, for its holder
 * only, while it stands (anyone else, or a revoked certificate, gets 404 as if it did not
 * exist). `?download=1` makes the browser save it under the name built from the holder's email.
 */
export function registerCertificateRoutes(app: FastifyInstance, services: Services): void {
  // Recent renderings are kept (≈100 KB each). The key holds everything drawn that can
  // change: an admin may reissue a certificate under the same id with a corrected name,
  // and every server must then draw the new name, not serve its old picture.
  const rendered = new Map<string, Buffer>();
  const CACHE_SIZE = 200;
  async function render(certificate: NonNullable<Awaited<ReturnType<typeof findCertificate>>>): Promise<Buffer> {
    const key = JSON.stringify([certificate.certificate_id, certificate.holder_name]);
    const cached = rendered.get(key);
    if (cached) return cached;
    const png = await renderCertificatePng({
      certificateId: certificate.certificate_id,
      holderName: certificate.holder_name,
      scope: certificate.scope,
      completedAt: certificate.completed_at,
      verifyUrl: verifyUrl(services.env.appOrigin, certificate.certificate_id),
    });
    rendered.set(key, png);
    if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
    return png;
  }

  app.get<{ Params: { file: string }; Querystring: { download?: string } }>(
    '/certificates/:file',
    async (request, reply) => {
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' });
      const match = /^(.{1,120})\.png$/.exec(request.params.file);
      const token = request.cookies[SESSION_COOKIE];
      if (!match || !token) return notFound();
      const session = await findSessionUser(services.db, token, services.env.session);
      const certificate = await findCertificate(services.db, match[1]!);
      // A revoked certificate is not its holder's to show any more (/verify says it was revoked).
      if (!session || !certificate || certificate.user_ref !== session.user.id || certificate.revoked_at !== null) {
        return notFound();
      }

      // Everything drawn is in the tag, so a repeat view costs a 304 instead of a picture,
      // and a reissued name changes it. Kept by the holder's browser only (private).
      const etag = `"${createHash('sha256')
        .update(JSON.stringify([certificate.certificate_id, certificate.holder_name, services.env.appOrigin]))
        .digest('base64url')
        .slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      const png = await render(certificate);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('image/png')
        .header('content-disposition', contentDisposition(disposition, certificateFileName(session.user.user_id)))
        .send(png);
    },
  );
}

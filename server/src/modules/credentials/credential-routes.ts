import { isModuleId } from '@ehc/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors';
import { FULL_SCOPE } from '../certificates/certificate-service';
import type { Catalogue } from '../courses/catalogue';
import { buildAchievement, termsContext } from './credential-builder';
import { STATUS_LIST_TTL_SECONDS, type CredentialIssuer } from './credential-service';

/** What the public credential documents are built from. */
export interface CredentialRouteServices {
  env: { appOrigin: string };
  credentials: Pick<CredentialIssuer, 'jwks' | 'issuerProfile' | 'issuer' | 'statusList'>;
  catalogue: Catalogue;
}

/**
 * What anyone needs to check a credential without our database, served publicly and to
 * any origin (a verifier may be another website's script): the public keys, the
 * revocation status lists, the issuer's profile and the achievements.
 */
export function registerCredentialRoutes(app: FastifyInstance, services: CredentialRouteServices): void {
  const credentials = services.credentials;
  const publicJson = (reply: FastifyReply, maxAgeSeconds: number) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', `public, max-age=${maxAgeSeconds}`);

  app.get('/.well-known/jwks.json', async (_request, reply) =>
    publicJson(reply, 300)
      .type('application/jwk-set+json')
      .send(await credentials.jwks()),
  );

  app.get('/credentials/issuer', async (_request, reply) =>
    publicJson(reply, 3600)
      .type('application/json')
      .send(await credentials.issuerProfile()),
  );

  // Never changes (a new term gets a new version), so verifiers may keep it for long.
  app.get('/credentials/contexts/v1.json', async (_request, reply) =>
    publicJson(reply, 86400).type('application/ld+json').send(termsContext(services.env.appOrigin)),
  );

  app.get<{ Params: { id: string } }>('/credentials/achievements/:id', async (request, reply) => {
    const id = request.params.id;
    const scope = id === 'full-course' ? FULL_SCOPE : isModuleId(id) ? id : null;
    if (!scope) throw AppError.notFound();
    const achievement = buildAchievement(scope, await credentials.issuer(), services.catalogue);
    return publicJson(reply, 3600).type('application/json').send(achievement);
  });

  // The lists change only when a certificate is revoked; their bytes (and so the ETag) stay
  // the same until then, so a verifier's repeat request costs a 304.
  app.get<{ Params: { list: string } }>('/credentials/status/:list', async (request, reply) => {
    const list = /^[1-9]\d{0,6}$/.test(request.params.list)
      ? await credentials.statusList(Number(request.params.list))
      : null;
    if (!list) {
      reply.header('cache-control', 'no-store');
      throw AppError.notFound();
    }
    publicJson(reply, STATUS_LIST_TTL_SECONDS).header('etag', list.etag);
    if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
    return reply.type('application/vc+jwt').send(list.jwt);
  });
}

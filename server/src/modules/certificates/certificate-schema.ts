import { builder } from '../../graphql/builder';
import { AppError } from '../../lib/errors';
import { checkIssuedCredential, type IssuedCredentialCheck } from '../credentials/credential-service';
import { studyHours } from '../credentials/study-hours';
import { issueMissingFullCertificate } from '../progress/progress-service';
import { findCertificate, listCertificates } from './certificate-service';
import {
  presentCertificate,
  presentPublicCertificate,
  type CertificateView,
  type PublicCertificateView,
} from './certificate-presenter';

const iso = (ms: number) => new Date(ms).toISOString();

export const CertificateType = builder.objectRef<CertificateView>('Certificate').implement({
  description: "One of the session learner's certificates.",
  fields: (t) => ({
    certificate_id: t.exposeString('certificateId'),
    module_id: t.exposeString('moduleId', { nullable: true, description: 'Null for the full-course certificate.' }),
    title: t.exposeString('title'),
    holder_name: t.exposeString('holderName'),
    completed_at: t.string({ resolve: (c) => iso(c.completedAt) }),
    verify_url: t.exposeString('verifyUrl'),
    image_url: t.exposeString('imageUrl'),
    file_name: t.exposeString('fileName'),
    credential_url: t.exposeString('credentialUrl', {
      description: 'The signed Open Badges 3.0 credential (VC-JWT, RS256) as a file; the image carries it baked in.',
    }),
    credential_eddsa_url: t.exposeString('credentialEddsaUrl', {
      description: 'The same credential signed with Ed25519 (EdDSA), for verifiers that prefer it.',
    }),
    study_hours: t.exposeInt('studyHours', { description: 'Estimated hours of study (docs/credentials.md).' }),
    issuer_name: t.exposeString('issuerName'),
    linkedin_url: t.exposeString('linkedInUrl', {
      description: "LinkedIn's add-to-profile form for this certification.",
    }),
  }),
});

const CredentialCheckType = builder.objectRef<IssuedCredentialCheck>('CredentialCheck').implement({
  description:
    "The certificate's signed credential checked as a verifier would: against the published keys (/.well-known/jwks.json) and status list.",
  fields: (t) => ({
    signature_valid: t.exposeBoolean('signatureValid'),
    key_id: t.exposeString('kid', { nullable: true, description: 'The kid of the key that signed it.' }),
    status: t.exposeString('status', { description: '"active", "revoked" or "unknown" (per the status list).' }),
  }),
});

export const PublicCertificateType = builder.objectRef<PublicCertificateView>('PublicCertificate').implement({
  description: 'What anyone may check about a certificate.',
  fields: (t) => ({
    certificate_id: t.exposeString('certificateId'),
    holder_name: t.exposeString('holderName'),
    title: t.exposeString('title'),
    kind: t.exposeString('kind', { description: '"module" or "course".' }),
    completed_at: t.string({ resolve: (c) => iso(c.completedAt) }),
    revoked_at: t.string({
      nullable: true,
      description: 'Set when the certificate was revoked: it no longer attests anything.',
      resolve: (c) => (c.revokedAt === null ? null : iso(c.revokedAt)),
    }),
    study_hours: t.exposeInt('studyHours'),
    issuer_name: t.exposeString('issuerName'),
    issuer_url: t.exposeString('issuerUrl'),
    credential_check: t.field({
      type: CredentialCheckType,
      nullable: true,
      description: 'Null for a revoked certificate: it no longer has a credential that stands.',
      resolve: (c, _args, ctx) => checkIssuedCredential(ctx.services.db, ctx.services.credentials, c.certificateId),
    }),
  }),
});

builder.queryField('certificates', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CertificateType],
    resolve: async (_root, _args, ctx) => {
      const { user } = ctx.session;
      const { db, catalogue, env } = ctx.services;
      await issueMissingFullCertificate({ db, catalogue, appOrigin: env.appOrigin }, user.id);
      const rows = await listCertificates(db, user.id);
      const issuer = await ctx.services.credentials.issuer();
      return rows.map((row) =>
        presentCertificate(row, user.user_id, ctx.services.env.appOrigin, {
          issuerName: issuer.legalName,
          studyHours: studyHours(ctx.services.catalogue, row.scope),
        }),
      );
    },
  }),
);

builder.queryField('verifyCertificate', (t) =>
  t.field({
    type: PublicCertificateType,
    nullable: true,
    description: 'Public: the certificate with this id, or null when there is none.',
    args: { certificate_id: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      // Every lookup (each alias too) spends the address's budget, shared by all servers.
      if (!(await ctx.services.verifyLookups.take(ctx.request.ip))) throw AppError.rateLimited();
      if (args.certificate_id.length > 120) return null;
      const row = await findCertificate(ctx.services.db, args.certificate_id);
      if (!row) return null;
      const issuer = await ctx.services.credentials.issuer();
      return presentPublicCertificate(row, {
        issuerName: issuer.legalName,
        issuerUrl: issuer.appOrigin,
        studyHours: studyHours(ctx.services.catalogue, row.scope),
      });
    },
  }),
);

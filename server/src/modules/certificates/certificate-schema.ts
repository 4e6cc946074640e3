import { builder } from '../../graphql/builder';
import { requireUser } from '../../graphql/guards';
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
  }),
});

builder.queryField('certificates', (t) =>
  t.field({
    type: [CertificateType],
    resolve: async (_root, _args, ctx) => {
      const user = requireUser(ctx);
      const rows = await listCertificates(ctx.services.db, user.id);
      return rows.map((row) => presentCertificate(row, user.user_id, ctx.services.env.appOrigin));
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
      if (args.certificate_id.length > 120) return null;
      const row = await findCertificate(ctx.services.db, args.certificate_id);
      return row ? presentPublicCertificate(row) : null;
    },
  }),
);

import { builder } from '../../graphql/builder';
import { CertificateType, PublicCertificateType } from './certificate-schema';
import { certificateLabs, evidenceShown, setEvidenceShown } from './evidence';

const LabsSolvedType = builder.objectRef<{ solved: number; total: number }>('LabsSolved').implement({
  description: 'Labs solved, of the labs of a module (or of the course on the full certificate).',
  fields: (t) => ({
    solved: t.exposeInt('solved'),
    total: t.exposeInt('total'),
  }),
});

for (const type of [CertificateType, PublicCertificateType]) {
  builder.objectField(type, 'labs_solved', (t) =>
    t.field({
      type: LabsSolvedType,
      nullable: true,
      description:
        'Labs solved of the scope of the certificate. Null unless the holder chose to show their evidence, when revoked, or when the scope has no labs.',
      resolve: (certificate, _args, ctx) => certificateLabs(ctx.services.db, certificate),
    }),
  );
}

builder.queryField('evidenceShown', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description:
      'Whether the session learner shows labs solved and knowledge-check scores on /verify and their certificates.',
    resolve: (_root, _args, ctx) => evidenceShown(ctx.services.db, ctx.session.user.id),
  }),
);

builder.mutationField('setEvidenceShown', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description: 'Shows or hides labs solved and knowledge-check scores on /verify and the certificate screen.',
    args: { show: t.arg.boolean() },
    resolve: (_root, args, ctx) => setEvidenceShown(ctx.services.db, ctx.session.user.id, args.show),
  }),
);

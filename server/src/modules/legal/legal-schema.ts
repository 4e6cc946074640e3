import { builder } from '../../graphql/builder';
import type { LegalPage } from './legal-pages';

const LegalPageType = builder.objectRef<LegalPage>('LegalPage').implement({
  description: 'Terms, privacy notice, refund policy or contact page, with the seller filled in.',
  fields: (t) => ({
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    html: t.exposeString('html', { description: 'Sanitized HTML rendered from the page Markdown.' }),
  }),
});

builder.queryField('legalPage', (t) =>
  t.field({
    type: LegalPageType,
    nullable: true,
    description: 'Public: one of terms, privacy, refunds, contact; null for any other slug.',
    args: { slug: t.arg.string() },
    resolve: async (_root, { slug }, ctx) => ctx.services.legal.render(slug, await ctx.services.settings()),
  }),
);

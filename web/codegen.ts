import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Types every GraphQL document of the web app from the server's schema: `npm run codegen`
 * writes src/gql/, and `npm run typecheck` runs it with --check, so a document that no
 * longer matches the schema, or generated types older than their documents, fail CI.
 * The web app imports only types from src/gql/ (lib/graphql.ts says why).
 */
const config: CodegenConfig = {
  schema: '../server/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**', '!src/**/*.test.{ts,tsx}'],
  generates: {
    'src/gql/': {
      preset: 'client',
      // Results are plain objects holding every field a document selects, its fragments' too.
      presetConfig: { fragmentMasking: false },
      config: { documentMode: 'string', useTypeImports: true },
    },
  },
};

export default config;

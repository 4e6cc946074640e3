import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/.build/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // Written by GraphQL Code Generator (`npm run codegen`).
      'web/src/gql/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message:
            'Read configuration through server/src/lib/env.ts (the lab host: labs/src/host/lab-env.ts), not process.env.',
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'e2e/**',
      '**/*.config.{js,ts}',
      'server/src/lib/env.ts',
      // The lab host's own settings, read once at its boot.
      'labs/src/host/lab-env.ts',
      'server/src/test/**',
      '**/*.test.ts',
    ],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/gql(/|$)',
              allowTypeImports: true,
              message:
                'Import only types from src/gql/ (its values would load every document with the first page); write documents with graphql() from lib/graphql.ts.',
            },
          ],
        },
      ],
    },
  },
);

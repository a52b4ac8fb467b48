import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'src/generated/', '.local/', 'dist/', '.venv/', 'tmp/', 'web/dist/', 'web/src/api-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', Headers: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // the layers: routes parse, validate and present; presenters shape JSON; only services reach the
    // database and the search engine
    files: ['src/**/*-routes.ts', 'src/**/*-presenter.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/prisma*', '@prisma/client', '@prisma/adapter-pg', 'pg'], message: 'Routes and presenters reach the database through a service.' },
            { group: ['**/search/client*', '@elastic/elasticsearch', 'undici'], message: 'Routes and presenters reach the search engine through a service.' },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

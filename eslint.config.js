import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';

// the middle layers of docs/ARCHITECTURE.md, bottom to top (the foundation and the assembly are named below);
// each layer in tiers of its own, bottom to top, each importing nothing of a tier above it
const CATALOGUE_TIERS = [
  ['lookups', 'postcodes', 'places', 'schemes', 'portals', 'affordability', 'keywords', 'reference', 'api-accounts'], // reference data, API accounts
  ['sync'], // the write-side base: resource life cycle, write results, payload fields, the outbox
  ['inventory'], // developments and properties
  ['listings'], // what a listing is and how it is shown
  ['eligibility', 'search-criteria'], // a listing's rules; what a search asks
  ['listing-index'], // the listing document, the alert predicate, every query on the index
  ['indexing', 'jobs'], // the reindex worker and full reindex; the state job
  ['sync-api'], // the Sync API's routes and the marketplace pull
  ['listing-stats', 'feeds'], // listing performance; BLM and RTDF feeds (written through the sync services)
];
const READING_TIERS = [
  ['listing-search', 'content'], // the search; content pages
  ['listing-reads'], // listing pages and preview links
  ['areas'], // area pages (content with the area's listings)
  ['content-import'], // the content folder's import, which writes content and area pages alike
];
const CUSTOMER_TIERS = [
  ['customers', 'lead-lifecycle'], // the Customer resource; an application's stages and lead events
  ['auth'], // sign-up, sign-in, tokens, the bearer middleware
  ['profile', 'favourites', 'saved-searches', 'appointments'], // what a signed-in customer keeps
  ['alerts', 'applications'], // saved searches' alerts; register interest (applications show their appointments)
  ['leads'], // the provider's side of applications and appointments
  ['webhooks'], // lead events sent out
];
const CATALOGUE = CATALOGUE_TIERS.flat();
const READING = READING_TIERS.flat();
const CUSTOMERS = CUSTOMER_TIERS.flat();
/** Within a layer, each tier imports nothing of a tier above it, so no two folders import each other. */
const tierZones = (tiers) =>
  tiers.slice(0, -1).map((tier, i) => ({
    target: tier.map((d) => `./src/${d}/**`),
    from: tiers.slice(i + 1).flat().map((d) => `./src/${d}`),
    message: `Within its layer, ${tier.join(', ')} import nothing of a tier above (docs/ARCHITECTURE.md).`,
  }));

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
    // no import cycle: the layers point down, and a module never reaches itself again through others
    files: ['src/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // the layers point down (docs/ARCHITECTURE.md): the foundation imports nothing above it, the
    // catalogue nothing of reading or customers, reading nothing of customers, and no domain imports the
    // assembly (the app, the runtime, the wiring, the OpenAPI document)
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/core/**', './src/db/**', './src/search/**', './src/mail/**', './src/config.ts'],
              from: './src',
              except: ['./core', './db', './search', './mail', './generated', './config.ts'],
              message: 'The foundation (core, config, db, search, mail) imports nothing above it.',
            },
            {
              target: CATALOGUE.map((d) => `./src/${d}/**`),
              from: [...READING, ...CUSTOMERS].map((d) => `./src/${d}`),
              message: 'The catalogue (inventory, reference data, the listing index and its queries) imports nothing of reading or customers.',
            },
            ...tierZones(CATALOGUE_TIERS),
            ...tierZones(READING_TIERS),
            ...tierZones(CUSTOMER_TIERS),
            {
              target: READING.map((d) => `./src/${d}/**`),
              from: CUSTOMERS.map((d) => `./src/${d}`),
              message: 'The reading layer imports nothing of customers.',
            },
            {
              target: './src/*/**',
              from: ['./src/app.ts', './src/main.ts', './src/runtime.ts', './src/background.ts', './src/customer-services.ts', './src/customer-search-context.ts'],
              message: 'Domains never import the assembly; the app hands them what they need.',
            },
            {
              target: './src/!(api-document)/**',
              from: './src/api-document',
              message: 'Domains describe themselves with src/core/openapi/; only the app imports the assembled document.',
            },
          ],
        },
      ],
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

// Credentials for the contract check, printed as shell exports: a provider's and an editor's API key
// (new accounts in the test database) and a signed-in customer's bearer token from the running service.
import { randomUUID } from 'node:crypto';
import { createPrisma } from '../../src/db/prisma.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';

const baseUrl = process.argv[2];
if (!baseUrl || !process.env.DATABASE_URL) throw new Error('usage: DATABASE_URL=... credentials.ts <service base URL>');

const prisma = createPrisma(process.env.DATABASE_URL, 2);
try {
  const run = randomUUID().slice(0, 8);
  // earlier runs of the check spend the test database's sign-in limits of this address
  await prisma.rateLimitCounter.deleteMany({});
  const accounts = new ApiAccountService(prisma);
  const provider = await prisma.housingProvider.create({ data: { name: `Contract Homes ${run}` } });
  const { key: providerKey } = await accounts.createAccount({
    name: `Contract provider ${run}`,
    kind: 'provider',
    tier: 'premium',
    housingProviderId: provider.id,
    partnerSource: null,
    partnerImageUrl: null,
  });
  const { key: editorKey } = await accounts.createAccount({
    name: `Contract editor ${run}`,
    kind: 'editor',
    tier: 'basic',
    housingProviderId: null,
    partnerSource: null,
    partnerImageUrl: null,
  });
  const email = `contract-${run}@example.com`;
  const password = `contract-${run}`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api/rest/portal/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('password-register', { email, password, firstName: 'Casey', lastName: 'Contract' });
  if (registered.status !== 201) throw new Error(`password-register answered ${registered.status}`);
  const login = (await (await post('password-login', { email, password })).json()) as { access_token: string };
  console.log(`export PROVIDER_KEY='${providerKey}' EDITOR_KEY='${editorKey}' CUSTOMER_TOKEN='${login.access_token}'`);
} finally {
  await prisma.$disconnect();
}

// docker-compose.yml runs the service as `live`, its secrets from the environment, and publishes no store.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';

interface Service {
  ports?: string[];
  environment?: Record<string, string>;
  profiles?: string[];
}

describe('docker-compose.yml', () => {
  const text = readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8');
  const services = (parse(text, { merge: true }) as { services: Record<string, Service> }).services;

  it('runs the service as live, with every secret from the environment (compose stops while one is missing)', () => {
    const env = services.api!.environment!;
    expect(env.APP_ENV).to.equal('live');
    for (const name of ['JWT_SECRET', 'PORTAL_ORIGINS', 'SMTP_HOST']) expect(env[name], name).to.match(new RegExp(`^\\$\\{\\w+:\\?`));
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).to.match(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(env.DATABASE_URL).to.include('${POSTGRES_PASSWORD:?');
    // no literal secret anywhere in the file
    expect(text).to.not.match(/POSTGRES_PASSWORD: portal|portal:portal@/);
  });

  it('publishes neither store, and the service and any mailbox on the loopback interface only', () => {
    expect(services.postgres!.ports).to.equal(undefined);
    expect(services.elasticsearch!.ports).to.equal(undefined);
    for (const [name, service] of Object.entries(services))
      for (const port of service.ports ?? []) expect(port, name).to.match(/^127\.0\.0\.1:/);
    expect(services.mailbox!.profiles).to.deep.equal(['mailbox']);
  });
});

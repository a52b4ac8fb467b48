import { defineConfig } from 'prisma/config';

// DATABASE_URL is optional here: `prisma generate` does not connect.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/unused' },
});

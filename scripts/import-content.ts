// npm run content:import [-- <folder>]   (default: content/)
// Imports editorial content from a folder of JSON and Markdown files (layout: content/README.md),
// idempotently: objects are matched by code or slug, created or brought up to date. Exits 1 when any
// object was refused, after importing the rest.
import path from 'node:path';
import { createPrisma } from '../src/db/prisma.ts';
import { ContentFileError, readContentFolder } from '../src/content-import/content-folder.ts';
import { ContentImporter, importWriters } from '../src/content-import/content-import.ts';
import { PROJECT_ROOT } from '../src/core/project-root.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const dir = path.resolve(process.argv[2] ?? path.join(PROJECT_ROOT, 'content'));

let bundle;
try {
  bundle = readContentFolder(dir);
} catch (err) {
  if (!(err instanceof ContentFileError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const prisma = createPrisma(url, 2);
try {
  const report = await new ContentImporter(prisma, importWriters(prisma)).run(bundle);
  const counts = Object.fromEntries(
    Object.keys(report.created).map((k) => [
      k,
      `${report.created[k as keyof typeof report.created]} new, ${report.updated[k as keyof typeof report.updated]} updated`,
    ]),
  );
  console.log(JSON.stringify({ folder: dir, ...counts }));
  for (const f of report.failures) console.error(`${f.source}: ${f.message}${f.errors ? ` ${JSON.stringify(f.errors)}` : ''}`);
  if (report.failures.length) process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}

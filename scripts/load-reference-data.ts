// npm run db:reference — lookup lists, regions, counties, local authorities and the sample postcodes.
import path from 'node:path';
import { createPrisma } from '../src/db/prisma.ts';
import { loadReferenceData, REFERENCE_DIR } from '../src/reference/reference-data.ts';
import { importPostcodes } from '../src/postcodes/postcode-import.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const prisma = createPrisma(url, 2);
try {
  const counts = await loadReferenceData(prisma);
  const postcodes = await importPostcodes(prisma, path.join(REFERENCE_DIR, 'postcodes-sample.csv'));
  console.log(JSON.stringify({ ...counts, postcodes }));
} finally {
  await prisma.$disconnect();
}

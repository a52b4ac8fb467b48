// npm run import:postcodes -- <ONSPD.csv>
// Imports a postcode CSV in the ONS postcode lookup layout (the full ONSPD or NSPL, or an extract).
// Local authorities must be loaded first (npm run db:reference).
import { createPrisma } from '../src/db/prisma.ts';
import { importPostcodes } from '../src/postcodes/postcode-import.ts';

const file = process.argv[2];
const url = process.env.DATABASE_URL;
if (!file) {
  console.error('usage: npm run import:postcodes -- <path to ONS postcode CSV>');
  process.exit(2);
}
if (!url) throw new Error('DATABASE_URL is not set');
const prisma = createPrisma(url, 2);
try {
  console.log(JSON.stringify(await importPostcodes(prisma, file)));
} finally {
  await prisma.$disconnect();
}

import type { PrismaClient } from '../db/prisma.ts';

export class SchemeService {
  constructor(private readonly prisma: PrismaClient) {}

  all() {
    return this.prisma.scheme.findMany({ orderBy: [{ position: 'asc' }, { id: 'asc' }] });
  }
}

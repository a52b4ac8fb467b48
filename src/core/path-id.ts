// Numeric ids in paths. A malformed id, or one beyond PostgreSQL's integer range (the database would
// refuse to compare with it), is 0: no row has it, so the route answers 404 as for an unknown id.
import { recordIdOf } from './record-id.ts';

export const pathId = (param: string | undefined): number => recordIdOf(param) ?? 0;

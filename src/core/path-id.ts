// Numeric ids in paths. A malformed id, or one beyond PostgreSQL's integer range (the database would
// refuse to compare with it), is 0: no row has it, so the route answers 404 as for an unknown id.
import { MAX_ID } from './validation.ts';

export const pathId = (param: string | undefined): number => {
  const id = /^[1-9][0-9]{0,9}$/.test(param ?? '') ? Number(param) : 0;
  return id <= MAX_ID ? id : 0;
};

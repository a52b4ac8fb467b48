// How the document shows the `Idempotency-Key` header of the synchronisation writes (idempotency-key.ts).
import { IDEMPOTENCY_HEADER } from './idempotency-key.ts';

export const idempotencyKeyHeader = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  description:
    'a key of your own for this request (a UUID): sent again with the same request within 24 hours, the first answer is given again (`Idempotent-Replayed: true`) and nothing is written twice; the same key with another request is 422, and 409 while the first is still being handled',
};

// An engine answer as the chunks it arrived in. A search answered as before is only hashed, to compare
// it with the answer a kept response was built from, so its chunks are never joined: one copy less of
// every answer, and less of the external memory whose growth brings on full garbage collections.
import { createHash } from 'node:crypto';

export class AnswerBytes {
  private digestCopy: Buffer | null = null;

  constructor(
    readonly chunks: Buffer[],
    readonly length: number,
  ) {}

  static of(...chunks: Buffer[]): AnswerBytes {
    return new AnswerBytes(chunks, chunks.reduce((sum, c) => sum + c.length, 0));
  }

  /** SHA-256 of the bytes (worked out once): what a kept response remembers of the answer it was built from */
  digest(): Buffer {
    if (!this.digestCopy) {
      const hash = createHash('sha256');
      for (const chunk of this.chunks) hash.update(chunk);
      this.digestCopy = hash.digest();
    }
    return this.digestCopy;
  }

  text(): string {
    return (this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length)).toString('utf8');
  }
}

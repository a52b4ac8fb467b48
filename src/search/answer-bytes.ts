// An engine answer as the chunks it arrived in. A search answered as before is only compared with the
// answer kept for it, so its chunks are never joined: one copy less of every answer, and less of the
// external memory whose growth brings on full garbage collections.
export class AnswerBytes {
  constructor(
    readonly chunks: Buffer[],
    readonly length: number,
  ) {}

  static of(...chunks: Buffer[]): AnswerBytes {
    return new AnswerBytes(chunks, chunks.reduce((sum, c) => sum + c.length, 0));
  }

  /** true when `whole` holds exactly these bytes */
  equals(whole: Buffer): boolean {
    if (whole.length !== this.length) return false;
    let offset = 0;
    for (const chunk of this.chunks) {
      if (whole.compare(chunk, 0, chunk.length, offset, offset + chunk.length) !== 0) return false;
      offset += chunk.length;
    }
    return true;
  }

  /** the bytes joined in memory of their own (not a slice of a larger buffer that it would keep alive) */
  copy(): Buffer {
    const out = Buffer.allocUnsafeSlow(this.length);
    let offset = 0;
    for (const chunk of this.chunks) offset += chunk.copy(out, offset);
    return out;
  }

  text(): string {
    return (this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length)).toString('utf8');
  }
}

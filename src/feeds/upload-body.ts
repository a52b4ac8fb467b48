// The bytes of an uploaded file: the `file` field of a multipart/form-data body (koa-body, formidable),
// or the raw body of any other type; beyond `limit` bytes, 413. A form's files are written to a folder of
// the request's own, removed whatever happens to the request.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { koaBody, HttpMethodEnum } from 'koa-body';
import type { Context } from 'koa';
import { AppError, ValidationError } from '../core/errors.ts';

class PayloadTooLargeError extends AppError {
  constructor(limit: number) {
    super(413, `The upload is larger than ${Math.round(limit / 1024 / 1024)} MB`);
  }
}

async function rawBody(ctx: Context, limit: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limit) throw new PayloadTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

// formidable's error codes (formidable/src/FormidableError.js)
const MAX_FILES_EXCEEDED = 1015;
const TOO_LARGE = new Set([1009, 1016]);

export async function uploadedBytes(ctx: Context, limit: number): Promise<Buffer> {
  if (!ctx.is('multipart/form-data')) return rawBody(ctx, limit);
  const folder = await mkdtemp(path.join(tmpdir(), 'feed-upload-'));
  try {
    const parse = koaBody({
      multipart: true,
      json: false,
      text: false,
      urlencoded: false,
      parsedMethods: [HttpMethodEnum.POST],
      formidable: { uploadDir: folder, maxFileSize: limit, maxTotalFileSize: limit, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
      onError: (err) => {
        const code = (err as { code?: number }).code;
        if (code === MAX_FILES_EXCEEDED) throw ValidationError.field('file', 'the form must carry one file, in the field "file"');
        if ((code !== undefined && TOO_LARGE.has(code)) || /maxFileSize|maxTotalFileSize/.test(String((err as Error).message))) throw new PayloadTooLargeError(limit);
        throw ValidationError.field('file', `the form cannot be read: ${(err as Error).message}`);
      },
    });
    await parse(ctx, async () => {});
    const file = (ctx.request.files ?? {}).file;
    if (!file) throw ValidationError.field('file', 'the form must carry the file in the field "file"');
    return await readFile((Array.isArray(file) ? file[0]! : file).filepath);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

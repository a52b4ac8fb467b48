// The bytes of an uploaded file: the `file` field of a multipart/form-data body (koa-body, formidable),
// or the raw body of any other type; beyond `limit` bytes, 413.
import { readFile, rm } from 'node:fs/promises';
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

export async function uploadedBytes(ctx: Context, limit: number): Promise<Buffer> {
  if (!ctx.is('multipart/form-data')) return rawBody(ctx, limit);
  const parse = koaBody({
    multipart: true,
    json: false,
    text: false,
    urlencoded: false,
    parsedMethods: [HttpMethodEnum.POST],
    formidable: { maxFileSize: limit, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
    onError: (err) => {
      const status = (err as { httpCode?: number }).httpCode;
      if (status === 413 || /maxFileSize|maxTotalFileSize/.test(String((err as Error).message))) throw new PayloadTooLargeError(limit);
      throw ValidationError.field('file', `the form cannot be read: ${(err as Error).message}`);
    },
  });
  await parse(ctx, async () => {});
  const files = ctx.request.files ?? {};
  const file = files.file;
  const all = Object.values(files).flat();
  try {
    if (!file) throw ValidationError.field('file', 'the form must carry the file in the field "file"');
    const one = Array.isArray(file) ? file[0]! : file;
    return await readFile(one.filepath);
  } finally {
    await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
  }
}

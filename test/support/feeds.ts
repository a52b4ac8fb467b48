// Helpers of the feed tests: uploads of BLM files and zips (raw or as a form), waiting for an import,
// and pictures made on the spot.
import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import sharp from 'sharp';
import { expect } from 'chai';
import { testApp } from './test-app.ts';
import { assertDocumented } from './openapi-validator.ts';
import { api } from './api.ts';
import { eventually, withKey, type TestAccount } from './factories.ts';
import { PICTURE_SIZES_KIND, type PictureSizesJobData } from '../../src/feeds/picture-sizes.ts';

export const feedFixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url));

export interface UploadAnswer {
  status: number;
  body: any;
}

/** POSTs bytes to the BLM import: as the raw body, or as the `file` field of a multipart form. */
export async function uploadBlm(account: TestAccount, bytes: Buffer, options: { form?: boolean; query?: Record<string, string>; contentType?: string } = {}): Promise<UploadAnswer> {
  const url = new URL('/api/bulk/feeds/blm', testApp().baseUrl);
  url.searchParams.set('api_key', account.key);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  let body: FormData | Uint8Array;
  const headers: Record<string, string> = {};
  if (options.form) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'stock.zip');
    body = form;
  } else {
    body = new Uint8Array(bytes);
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
  }
  const res = await fetch(url, { method: 'POST', body, headers });
  const text = await res.text();
  const parsed: unknown = (res.headers.get('content-type') ?? '').includes('application/json') && text ? JSON.parse(text) : text;
  assertDocumented('POST', url.pathname, res.status, parsed);
  return { status: res.status, body: parsed };
}

/** Waits for an import to finish and answers its report. */
export async function importReport(account: TestAccount, id: string): Promise<any> {
  return eventually(async () => {
    const res = await api.get(`/api/bulk/feeds/${id}`, withKey(account));
    expect(res.status).to.equal(200);
    expect(res.body.status).to.be.oneOf(['done', 'failed']);
    return res.body;
  }, 30_000);
}

/** Uploads, expects 202, and waits for the report. */
export async function importBlm(account: TestAccount, bytes: Buffer, options: Parameters<typeof uploadBlm>[2] = {}): Promise<any> {
  const queued = await uploadBlm(account, bytes, options);
  expect(queued.status, JSON.stringify(queued.body)).to.equal(202);
  expect(queued.body.status).to.equal('queued');
  return importReport(account, queued.body.id);
}

/** A picture of one colour (`rgb`, 0xRRGGBB), `width` wide. */
export const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg', rgb = 0x2878c8) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb >> 16, g: (rgb >> 8) & 0xff, b: rgb & 0xff } } })[format]().toBuffer();

export function zipOf(files: Record<string, Buffer>): Buffer {
  const zip = new AdmZip();
  for (const [name, bytes] of Object.entries(files)) zip.addFile(name, bytes);
  return zip.toBuffer();
}

/** Runs the picture-sizes jobs waiting now (the test service runs no worker of that kind): the smaller sizes of the imports' pictures. */
export async function sizePictures(): Promise<number> {
  const { runtime, built } = testApp();
  return runtime.jobs.drain<PictureSizesJobData>(PICTURE_SIZES_KIND, (data) => built.pictureSizes.sizes.run(data));
}

// The cheapest API there could be, for the search benchmark's --relay side: a bare node:http server
// that forwards search N's multi-search in minute M (the API's own engine requests, from the file of
// that minute the benchmark writes) to Elasticsearch and writes the engine's answer back unparsed. No framework, no validation,
// no JSON parsing, no follow-up requests. What it costs over the raw engine is what any API in front
// of the engine costs on this machine: one more HTTP hop each way and the process switches with it.
//   RELAY_REQUESTS=<folder of requests-<minute>.json, each a JSON string[]> ELASTICSEARCH_URL=... RELAY_INDEX=<index or alias> PORT=... tsx scripts/bench/engine-relay.ts
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { RESPONSE_PARTS } from '../../src/listing-search/search-request.ts';

const byMinute = new Map<number, string[]>();
const bodiesOf = (minute: number) => {
  let bodies = byMinute.get(minute);
  if (!bodies) {
    bodies = JSON.parse(readFileSync(join(process.env.RELAY_REQUESTS!, `requests-${minute}.json`), 'utf8')) as string[];
    byMinute.set(minute, bodies);
    byMinute.delete(minute - 2);
  }
  return bodies;
};
const target = `${process.env.ELASTICSEARCH_URL!.replace(/\/$/, '')}/${process.env.RELAY_INDEX!}/_msearch?filter_path=${RESPONSE_PARTS.join(',')}`;
const dispatcher = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

createServer((req, res) => {
  const query = new URL(req.url ?? '/', 'http://relay').searchParams;
  let body: string | undefined;
  try {
    body = bodiesOf(Number(query.get('m')))[Number(query.get('i'))];
  } catch {
    /* no such minute: 502 below */
  }
  if (body === undefined) {
    res.writeHead(502);
    res.end();
    return;
  }
  request(target, { method: 'POST', body, headers: { 'content-type': 'application/x-ndjson' }, dispatcher })
    .then(async (answer) => {
      const body = Buffer.from(await answer.body.arrayBuffer());
      res.writeHead(answer.statusCode, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    })
    .catch(() => {
      res.writeHead(502);
      res.end();
    });
}).listen(Number(process.env.PORT), '127.0.0.1');

// The cheapest API there could be, for the search benchmark's --relay side: a bare node:http server
// that forwards search N's multi-search (the API's own engine requests, from a file the benchmark
// writes) to Elasticsearch and writes the engine's answer back unparsed. No framework, no validation,
// no JSON parsing, no follow-up requests. What it costs over the raw engine is what any API in front
// of the engine costs on this machine: one more HTTP hop each way and the process switches with it.
//   RELAY_REQUESTS=<file of JSON string[]> ELASTICSEARCH_URL=... PORT=... tsx scripts/bench/engine-relay.ts
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { RESPONSE_PARTS } from '../../src/listing-search/search-request.ts';

const bodies = JSON.parse(readFileSync(process.env.RELAY_REQUESTS!, 'utf8')) as string[];
const target = `${process.env.ELASTICSEARCH_URL!.replace(/\/$/, '')}/_msearch?filter_path=${RESPONSE_PARTS.join(',')}`;
const dispatcher = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

createServer((req, res) => {
  const i = Number(new URL(req.url ?? '/', 'http://relay').searchParams.get('i'));
  request(target, { method: 'POST', body: bodies[i], headers: { 'content-type': 'application/x-ndjson' }, dispatcher })
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

// The cheapest API there could be, for the search benchmark's --relay side: a bare node:http server
// that forwards the multi-search POSTed to it (the API's own engine requests for a search, built by the
// benchmark) to Elasticsearch and writes the engine's answer back unparsed. No framework, no
// validation, no JSON parsing, no follow-up requests. What it costs over the raw engine is what any API
// in front of the engine costs on this machine: one more HTTP hop each way and the process switches
// with it (and reading a request body of a few kilobytes, which the API does not have to).
//   ELASTICSEARCH_URL=... RELAY_INDEX=<index or alias> PORT=... tsx scripts/bench/engine-relay.ts
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
import { RESPONSE_PARTS } from '../../src/listing-index/search-request.ts';

const target = `${process.env.ELASTICSEARCH_URL!.replace(/\/$/, '')}/${process.env.RELAY_INDEX!}/_msearch?filter_path=${RESPONSE_PARTS.join(',')}`;
const dispatcher = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200);
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    request(target, { method: 'POST', body: Buffer.concat(chunks), headers: { 'content-type': 'application/x-ndjson' }, dispatcher })
      .then(async (answer) => {
        const body = Buffer.from(await answer.body.arrayBuffer());
        res.writeHead(answer.statusCode, { 'content-type': 'application/json', 'content-length': body.length });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(502);
        res.end();
      });
  });
}).listen(Number(process.env.PORT), '127.0.0.1');

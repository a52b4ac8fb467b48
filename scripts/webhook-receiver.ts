// npm run webhook:receiver            a receiver of lead webhooks for development: prints each delivery
//                                     and checks its Portal-Signature with WEBHOOK_SECRET
// WEBHOOK_SECRET=whsec_…   the secret PUT /api/rest/account/webhook answered (unset: signatures are not checked)
// WEBHOOK_RECEIVER_PORT    port on 127.0.0.1 (4000); point the account's webhook at http://127.0.0.1:4000/
// WEBHOOK_RECEIVER_FAIL=N  answer 503 to the first N deliveries, to watch the retries
// A delivery whose signature does not verify is answered 401 (the portal retries it).
import { createServer } from 'node:http';
import { SIGNATURE_HEADER, verifySignature } from '../src/webhooks/webhook-signature.ts';

const secret = process.env.WEBHOOK_SECRET;
const port = Number(process.env.WEBHOOK_RECEIVER_PORT ?? 4000);
let failFirst = Number(process.env.WEBHOOK_RECEIVER_FAIL ?? 0);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    // the signature covers the raw bytes: verify before parsing
    const raw = Buffer.concat(chunks);
    const header = req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined;
    const check = secret ? verifySignature(header, raw, secret) : null;
    let event: { id?: string; type?: string; createdAt?: string; data?: { id?: number; listing?: { externalRef?: string }; customer?: { email?: string } } } = {};
    try {
      event = JSON.parse(raw.toString('utf8')) as typeof event;
    } catch {
      // printed as it came
    }
    const status = check && !check.ok ? 401 : failFirst > 0 ? 503 : 200;
    if (status === 503) failFirst--;
    const verdict = check === null ? 'signature not checked (no WEBHOOK_SECRET)' : check.ok ? 'signature ok' : `signature REFUSED: ${check.reason}`;
    console.log(
      `${new Date().toISOString()} ${req.method} ${req.url} ${event.type ?? '?'} event ${event.id ?? '?'} lead ${event.data?.id ?? '?'}` +
        ` (listing ${event.data?.listing?.externalRef ?? '?'}, ${event.data?.customer?.email ?? '?'}): ${verdict}; answered ${status}`,
    );
    if (process.env.WEBHOOK_RECEIVER_QUIET !== 'true') console.log(JSON.stringify(event, null, 2));
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no');
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`webhook receiver on http://127.0.0.1:${port}/ ${secret ? 'checking signatures' : '(set WEBHOOK_SECRET to check signatures)'}`);
});
process.on('SIGINT', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// The contract check in the test run: Schemathesis, every default check, 20 examples an operation (5 for
// the reads the conformance suite already checks), with and without credentials, against a service of its
// own (scripts/contract-test.sh). Any failure fails.
import { expect } from 'chai';
import { spawn } from 'node:child_process';

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('contract: the service against its OpenAPI document (Schemathesis)', function () {
  this.timeout(25 * 60_000);

  it('reports no failure in any pass: anonymous, provider and customer, editor, sign-out and key rotation', async () => {
    const { code, output } = await run('bash', ['scripts/contract-test.sh']);
    expect(output).to.match(/\[contract\] pass: anonymous/);
    expect(code, output.slice(-15000)).to.equal(0);
  });
});

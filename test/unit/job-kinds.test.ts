import { expect } from 'chai';
import { checkOneHandlerEach, type JobKind } from '../../src/core/job-kinds.ts';
import { JOB_KINDS } from '../../src/background.ts';

const kind = (name: string): JobKind => ({ kind: name, flag: null, concurrency: '1', schedule: 'every minute', queue: 'test' });

describe('job kinds: exactly one handler each', () => {
  it('lets the runner start when every kind has one handler', () => {
    expect(() => checkOneHandlerEach([kind('a'), kind('b')], [{ name: 'b' }, { name: 'a' }])).not.to.throw();
  });

  it('refuses to start when a kind has no handler', () => {
    expect(() => checkOneHandlerEach([kind('a'), kind('b')], [{ name: 'a' }])).to.throw('job kind b has no handler');
  });

  it('refuses to start when a kind has two handlers', () => {
    expect(() => checkOneHandlerEach([kind('a')], [{ name: 'a' }, { name: 'a' }])).to.throw('job kind a has 2 handlers');
  });

  it('refuses a handler of no listed kind, and a kind listed twice', () => {
    expect(() => checkOneHandlerEach([kind('a')], [{ name: 'a' }, { name: 'z' }])).to.throw('handler z is of no listed job kind');
    expect(() => checkOneHandlerEach([kind('a'), kind('a')], [{ name: 'a' }])).to.throw('job kind a is listed twice');
  });

  it('names each kind of the service once', () => {
    const names = JOB_KINDS.map((k) => k.kind);
    expect(new Set(names).size).to.equal(names.length);
    expect(names).to.include.members(['mail-delivery', 'alert-delivery', 'webhook-delivery', 'feed-import-job', 'picture-sizes', 'state-job', 'reindex-worker']);
  });
});

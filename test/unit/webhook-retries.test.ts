import { expect } from 'chai';
import { RETRY_WINDOW_SECONDS, webhookRetries } from '../../src/webhooks/webhook-job.ts';

// pg-boss waits between retryDelay·2^n and twice that before the (n+1)th retry, at most retryDelayMax:
// the limit counts the shortest waits, so that a delivery is tried for 24 hours at least
describe('lead webhook retries', () => {
  it('retries from the base, doubling up to the most, for 24 hours (hand-computed)', () => {
    // 30+60+120+240+480+960+1920 = 3810 s, then 3600 s each: 3810 + 23 × 3600 = 86 610 ≥ 86 400 (22 would be 83 010)
    expect(webhookRetries(30_000, 3_600_000)).to.deep.equal({ retryLimit: 30, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 });
    // 1+2+…+2048 = 4095 s, then 3600 s each: 4095 + 23 × 3600 = 86 895 (22 would be 83 295)
    expect(webhookRetries(1000, 3_600_000)).to.deep.equal({ retryLimit: 35, retryDelay: 1, retryBackoff: true, retryDelayMax: 3600 });
    // 2 s each: 43 200 of them
    expect(webhookRetries(2000, 2000).retryLimit).to.equal(RETRY_WINDOW_SECONDS / 2);
  });

  it('counts whole seconds, the job queue unit, rounding a part up', () => {
    expect(webhookRetries(100, 3_600_000)).to.deep.include({ retryDelay: 1, retryDelayMax: 3600 });
    expect(webhookRetries(1500, 2500)).to.deep.include({ retryDelay: 2, retryDelayMax: 3 });
    // a most below the base is the base
    expect(webhookRetries(5000, 1000)).to.deep.include({ retryDelay: 5, retryDelayMax: 5 });
  });
});

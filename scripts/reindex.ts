// npm run reindex [-- --if-outdated] — rebuilds the listing index from PostgreSQL into a new index and
// swaps the alias. Searches keep working throughout; writes made meanwhile reach both indices through
// the worker. With --if-outdated, only when the index was built with an older mapping version or did not exist.
import cliProgress from 'cli-progress';
import { loadConfig } from '../src/config.ts';
import { openRuntime } from '../src/runtime.ts';
import { fullReindex } from '../src/indexing/full-reindex.ts';

const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }));
const bar = new cliProgress.SingleBar({ format: 'reindex [{bar}] {percentage}% | {value}/{total} listings | {eta}s left', etaBuffer: 50 }, cliProgress.Presets.shades_classic);
async function reindex(): Promise<void> {
  const started = Date.now();
  let begun = false;
  const result = await fullReindex(runtime, {
    onProgress: ({ done, total }) => {
      if (!begun) bar.start(total, 0);
      begun = true;
      bar.setTotal(total);
      bar.update(done);
    },
  });
  bar.stop();
  const seconds = (Date.now() - started) / 1000;
  console.log(`${result.documents} listings into ${result.index} in ${seconds.toFixed(1)}s (${Math.round(result.documents / seconds)} docs/s); alias ${runtime.listingIndex.alias} swapped`);
}

try {
  // an index made just now by ensure() is empty: current in its mapping, but not in what it holds
  const existed = (await runtime.listingIndex.currentIndices()).length > 0;
  await runtime.listingIndex.ensure();
  if (process.argv.includes('--if-outdated') && existed && (await runtime.listingIndex.isCurrent())) console.log(`${runtime.listingIndex.alias} is current`);
  else await reindex();
} finally {
  bar.stop();
  await runtime.close();
}

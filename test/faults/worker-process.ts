// The reindex worker alone in a process of its own, so that the fault run can kill it mid-batch.
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';

const runtime = openRuntime(loadConfig());
runtime.worker.start();
process.on('SIGTERM', () => void runtime.close().then(() => process.exit(0)));

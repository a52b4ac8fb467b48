module.exports = {
  'node-option': ['import=tsx', 'experimental-wasm-modules', 'no-warnings'],
  require: ['test/support/hooks.ts'],
  reporter: 'test/support/summary-reporter.cjs',
  timeout: 30000,
  exit: true,
};

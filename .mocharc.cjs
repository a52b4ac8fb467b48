module.exports = {
  'node-option': ['import=tsx', 'experimental-wasm-modules', 'disable-warning=ExperimentalWarning'],
  require: ['test/support/hooks.ts'],
  reporter: 'test/support/summary-reporter.cjs',
  timeout: 30000,
  exit: true,
};

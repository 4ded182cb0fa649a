// `npm test`: typecheck, lint, unit, server integration, server fault and browser end-to-end tests, in
// that order, stopping at the first failure. Installs and builds what is missing first.
import { ensureBuilt, ensureChromium, ensureInstalled, log, runOrExit } from './lib.mjs';

const started = Date.now();
ensureInstalled();
runOrExit('typecheck', 'npm', ['run', '--silent', 'typecheck']);
runOrExit('lint', 'npm', ['run', '--silent', 'lint']);
runOrExit('unit tests', 'npm', ['run', '--silent', 'test:unit']);
runOrExit('server integration tests', 'npm', ['run', '--silent', 'test:integration']);
// Alone, after the others: they kill and restart servers and fill a disk (docs/RELIABILITY.md).
runOrExit('server fault tests', 'npm', ['run', '--silent', 'test:faults']);
ensureBuilt();
ensureChromium();
runOrExit('browser end-to-end tests', 'npm', ['run', '--silent', 'test:e2e']);
log(`all tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);

// `npm run bench`: build what is missing, then measure (bench/run.mjs; arguments pass through).
import { ensureBuilt, ensureInstalled, runOrExit } from './lib.mjs';

ensureInstalled();
ensureBuilt();
runOrExit('benchmark', process.execPath, ['bench/run.mjs', ...process.argv.slice(2)]);

// Where figures go. bench/RESULTS.md holds one section per part between markers, so a part
// run alone replaces only its own section. A quick run (CI's smoke run) writes to a file of
// its own and leaves the committed figures alone.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const benchDir = path.resolve(import.meta.dirname, '..');
export const root = path.resolve(benchDir, '..');
export const isQuick = process.env.BENCH_QUICK === '1';

const resultsFile = () => (isQuick ? path.join(root, '.cache/bench/RESULTS.quick.md') : path.join(benchDir, 'RESULTS.md'));

const HEADER = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run.mjs); each part also runs alone (`npm run bench -- live`).',
  'Each section says when, on what machine and how it was measured. The machines are 2-core',
  'shared virtual machines: figures are medians of several runs, and every comparison is',
  'measured inside one run, both sides in the same sitting.',
  '',
].join('\n');

/** The machine, Node version and date a figure was measured on. */
export const machineLine = () =>
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? 'cpu'}, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version} · ${os.platform()} ${os.release()}`;

/** The order sections appear in, whatever order they were measured in. */
const ORDER = ['live', 'profile', 'scale-out', 'connections', 'data', 'web', 'api'];

/** Replaces (or adds) this part's section of RESULTS.md. */
export const writeSection = (part, markdown) => {
  const file = resultsFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const sections = new Map();
  for (const match of current.matchAll(/<!-- part:([\w-]+) -->\n([\s\S]*?)<!-- \/part:\1 -->\n?/g)) sections.set(match[1], match[2]);
  sections.set(part, `${markdown.trimEnd()}\n`);
  const ordered = [...sections.keys()].sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99));
  const body = ordered.map((name) => `<!-- part:${name} -->\n${sections.get(name)}<!-- /part:${name} -->\n`).join('\n');
  writeFileSync(file, `${HEADER}\n${body}`);
  console.log(`\n${markdown.trimEnd()}\n\n(written to ${path.relative(root, file)})`);
};

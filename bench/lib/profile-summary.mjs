// Reads a V8 .cpuprofile and tells where the time went: self time by function and by
// package, and inclusive time of chosen frames. Used by bench/profile.mjs.
import { readFileSync } from 'node:fs';

const packageOf = (url) => {
  if (!url) return '(native)';
  const nodeModules = url.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const rest = url.slice(nodeModules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node';
  const app = /\/(apps|packages)\/([\w-]+)\/(?:dist|src)\/(.*)$/.exec(url);
  return app ? `${app[1]}/${app[2]}/${app[3]}` : url.replace(/^file:\/\//, '');
};

export const summarise = (file, { top = 30 } = {}) => {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const selfSamples = new Map();
  for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const idleNames = new Set(['(idle)', '(program)']);
  let idle = 0;
  const byFunction = new Map();
  const byPackage = new Map();
  const inclusiveByPackage = new Map();
  for (const [id, count] of selfSamples) {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    if (idleNames.has(functionName)) {
      idle += count;
      continue;
    }
    const key = `${functionName || '(anonymous)'} ${packageOf(url)}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
    const pkg = functionName === '(garbage collector)' ? '(garbage collector)' : packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + count);
    // Inclusive: every package on the stack once.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const p = packageOf(byId.get(at).callFrame.url);
      if (seen.has(p)) continue;
      seen.add(p);
      inclusiveByPackage.set(p, (inclusiveByPackage.get(p) ?? 0) + count);
    }
  }
  const busy = total - idle;
  const pct = (count) => `${((100 * count) / busy).toFixed(1)} %`;
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    totalSamples: total,
    busySamples: busy,
    busyShare: busy / total,
    functions: sorted(byFunction).map(([name, count]) => ({ name, share: pct(count) })),
    packages: sorted(byPackage).map(([name, count]) => ({ name, share: pct(count) })),
    inclusive: sorted(inclusiveByPackage).map(([name, count]) => ({ name, share: pct(count) })),
  };
};

if (process.argv[1] === import.meta.filename) {
  const summary = summarise(process.argv[2], { top: Number(process.argv[3] ?? 40) });
  console.log(`busy ${(summary.busyShare * 100).toFixed(1)} % of ${summary.totalSamples} samples`);
  console.log('\nSelf time by function (share of busy samples):');
  for (const row of summary.functions) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
  console.log('\nSelf time by package:');
  for (const row of summary.packages) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
  console.log('\nInclusive time by package:');
  for (const row of summary.inclusive) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
}

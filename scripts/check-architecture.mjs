// Guards the shape docs/ARCHITECTURE.md describes, as part of `npm run lint`:
// - no import cycle between the folders of apps/server/src or apps/web/src (each feature
//   folder counts as one, as does every other top-level folder);
// - the transport folders know no feature: apps/server/src/realtime and
//   apps/web/src/features/live import nothing from a feature folder;
// - a web feature uses another feature only through that feature's index file;
// - every docs/ file a comment cites exists.
// Imports are read with TypeScript's own scanner (ts.preProcessFile), test files left out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.(unit\.)?test\.(ts|tsx)$|(^|\/)test-support\/|(^|\/)test-messages\.ts$/;

const listFiles = (folder) =>
  readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' || entry === 'dist' ? [] : listFiles(full);
    return SOURCE.test(entry) ? [full] : [];
  });

/** The file a relative import names, or undefined for packages. */
const resolveImport = (from, specifier) => {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
};

/** The folder an app file belongs to: `features/<name>`, a top-level folder, or a root file itself. */
const unitOf = (srcRoot, file) => {
  const parts = path.relative(srcRoot, file).split(path.sep);
  if (parts.length === 1) return parts[0];
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0];
};

const graphOf = (srcRoot) => {
  const edges = new Map();
  const imports = [];
  for (const file of listFiles(srcRoot)) {
    const relative = path.relative(srcRoot, file);
    if (TEST.test(relative)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target || !target.startsWith(srcRoot)) continue;
      const from = unitOf(srcRoot, file);
      const to = unitOf(srcRoot, target);
      imports.push({ file, target, from, to });
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const examples = edges.get(from);
      if (!examples.has(to)) examples.set(to, `${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
  }
  return { edges, imports };
};

/** Strongly connected components of more than one folder (Tarjan). */
const cyclesOf = (edges) => {
  let index = 0;
  const indices = new Map();
  const lowLinks = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
      }
    }
    if (lowLinks.get(node) !== indices.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component);
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return cycles;
};

const problems = [];

for (const app of ['apps/server/src', 'apps/web/src']) {
  const srcRoot = path.join(root, app);
  const { edges, imports } = graphOf(srcRoot);
  for (const cycle of cyclesOf(edges)) {
    const links = cycle.flatMap((from) => cycle.filter((to) => edges.get(from)?.has(to)).map((to) => `    ${edges.get(from).get(to)}`));
    problems.push(`${app}: the folders ${cycle.join(', ')} import each other:\n${links.join('\n')}`);
  }
  const transport = app === 'apps/server/src' ? 'realtime' : 'features/live';
  for (const { file, target, from, to } of imports) {
    if (from === transport && to.startsWith('features/') && to !== transport) {
      problems.push(`${path.relative(root, file)} imports ${path.relative(root, target)}: ${app}/${transport} is transport only and knows no feature.`);
    }
    const crossesFeatures = app === 'apps/web/src' && from.startsWith('features/') && to.startsWith('features/') && from !== to;
    if (crossesFeatures && !/[/\\]index\.tsx?$/.test(target)) {
      problems.push(`${path.relative(root, file)} imports ${path.relative(root, target)}: use ${to}/index.ts, the feature's public face.`);
    }
  }
}

// Comments cite documents by their path in the repository; each must exist.
for (const folder of ['apps', 'packages', 'e2e', 'scripts', 'bench']) {
  for (const file of listFiles(path.join(root, folder))) {
    for (const [cited] of readFileSync(file, 'utf8').matchAll(/docs\/[A-Za-z0-9_./-]*[A-Za-z0-9_]/g)) {
      if (cited === 'docs/json') continue;
      const target = path.join(root, cited);
      // 'docs/adr/0002' names docs/adr/0002-one-schema-two-databases.md.
      const folder = path.dirname(target);
      const exists =
        existsSync(target) || (existsSync(folder) && readdirSync(folder).some((entry) => entry.startsWith(path.basename(target))));
      if (!exists) problems.push(`${path.relative(root, file)} cites ${cited}, which is not in the repository.`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Architecture check: ${problems.length} problem(s)\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.log('Architecture check: no folder cycles, transport folders know no feature, features meet through their index files, cited docs exist.');

// A flame graph of a V8 .cpuprofile as a standalone SVG: each frame is a box as wide as the
// samples it was on the stack for, callers below callees; idle time is left out. Hover a
// box for its function, file and share. (The .cpuprofile itself also opens as a flame chart
// in Chrome DevTools' Performance panel and in speedscope.)
import { readFileSync, writeFileSync } from 'node:fs';

const WIDTH = 1600;
const ROW = 17;
const MIN_WIDTH = 0.3;

const escapeXml = (text) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

const shortUrl = (url) => {
  if (!url) return '';
  const nodeModules = url.lastIndexOf('node_modules/');
  if (nodeModules >= 0) return url.slice(nodeModules + 'node_modules/'.length);
  const app = url.indexOf('/apps/');
  return app >= 0 ? url.slice(app + 1) : url.replace(/^file:\/\//, '');
};

/** Warm colours by kind: the product's own code, libraries, Node and native frames. */
const colourOf = (url, name) => {
  if (name === '(garbage collector)') return '#c0c0c0';
  if (!url) return '#e8a23a';
  if (url.includes('node_modules')) return '#f2c35b';
  if (url.startsWith('node:')) return '#d98a5f';
  return '#e35f4f';
};

export const writeFlameGraph = (profileFile, svgFile, title) => {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, { ...node, self: 0, total: 0 }]));
  for (const id of profile.samples) byId.get(id).self += 1;
  const idle = new Set(['(idle)', '(program)', '(root)']);
  const totalOf = (node) => {
    node.total = node.self * (idle.has(node.callFrame.functionName) ? 0 : 1) + (node.children ?? []).reduce((sum, child) => sum + totalOf(byId.get(child)), 0);
    return node.total;
  };
  const root = byId.get(profile.nodes[0].id);
  const busy = totalOf(root);
  const boxes = [];
  let depthMax = 0;
  const place = (node, x, depth) => {
    const width = (node.total / busy) * WIDTH;
    if (width < MIN_WIDTH) return;
    depthMax = Math.max(depthMax, depth);
    boxes.push({ node, x, depth, width });
    let childX = x;
    for (const child of (node.children ?? []).map((id) => byId.get(id)).sort((a, b) => a.callFrame.functionName.localeCompare(b.callFrame.functionName))) {
      place(child, childX, depth + 1);
      childX += (child.total / busy) * WIDTH;
    }
  };
  place(root, 0, 0);
  const height = (depthMax + 3) * ROW;
  const rects = boxes.map(({ node, x, depth, width }) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = depth === 0 ? 'all (busy samples)' : functionName || '(anonymous)';
    const label = `${name} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''} — ${((100 * node.total) / busy).toFixed(2)} %`;
    const y = height - (depth + 2) * ROW;
    const text = width > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${y + 12}">${escapeXml(name.slice(0, Math.floor(width / 6.5)))}</text>` : '';
    return `<g><title>${escapeXml(label)}</title><rect x="${x.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${ROW - 1}" fill="${colourOf(url, functionName)}"/>${text}</g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height + ROW}" font-family="monospace" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
<text x="4" y="14" font-size="13">${escapeXml(title)} — ${busy} busy samples; hover a box for its function and share</text>
${rects.join('\n')}
</svg>
`;
  writeFileSync(svgFile, svg);
};

if (process.argv[1] === import.meta.filename) writeFlameGraph(process.argv[2], process.argv[3], process.argv[4] ?? process.argv[2]);

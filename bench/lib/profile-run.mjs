// The product under the live benchmark's workload at one steady rate, with V8's CPU profiler
// running for the measured seconds only: started and stopped through the server's inspector
// (Chrome DevTools Protocol over its WebSocket), so set-up and warm-up are not in it. The
// profile is kept as bench/profiles/<name>.cpuprofile (it opens as a flame chart in Chrome
// DevTools' Performance panel and in speedscope) and drawn as bench/profiles/<name>.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { makeGroups } from './chat-fixture.mjs';
import { writeFlameGraph } from './flame-graph.mjs';
import { closeAll, connectMembers, createTracker, runStep } from './live-driver.mjs';
import { summarise } from './profile-summary.mjs';
import { benchDir, isQuick, root } from './results.mjs';
import { freePort, freshPostgresDatabase, serverRoot, startServer } from './server.mjs';

const inspector = async (port) => {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data));
    waiting.get(reply.id)?.(reply.result);
    waiting.delete(reply.id);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
};

/** Profiles `seconds` of `rate` messages/s; answers the step's figures, CPU per message and the summary. */
export const profileLive = async ({ rate, seconds, name, checkout = serverRoot, postgres = false, people = 200 }) => {
  const inspectorPort = await freePort();
  const database = postgres ? await freshPostgresDatabase() : undefined;
  const server = await startServer({ checkout, nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`], env: database ? { DATABASE_URL: database.url } : {} });
  try {
    const devtools = await inspector(inspectorPort);
    const tracker = createTracker();
    const { members } = await makeGroups(server.base, { people, groupSize: 10, tag: 'p' });
    const sockets = await connectMembers(server.base, members, tracker.record);
    const senders = members.filter((_, index) => index % 10 < 2).map((member) => ({ ...member, members: 10 }));
    // Warm the JIT first.
    await runStep({ base: server.base, tracker, senders, rate: Math.min(rate, 200), seconds: 3, label: 'warm' });
    await devtools.send('Profiler.enable');
    await devtools.send('Profiler.setSamplingInterval', { interval: 200 });
    await devtools.send('Profiler.start');
    const cpuBefore = server.cpuSeconds();
    const result = await runStep({ base: server.base, tracker, senders, rate, seconds, label: 'profile' });
    const cpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / result.sent;
    const { profile } = await devtools.send('Profiler.stop');
    devtools.close();
    closeAll(sockets);
    // A quick (CI) run keeps its profile out of the committed ones.
    const file = path.join(isQuick ? path.join(root, '.cache/bench') : benchDir, 'profiles', `${name}.cpuprofile`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    const flame = file.replace(/\.cpuprofile$/, '.svg');
    writeFlameGraph(file, flame, `${name}: the product at ${rate} messages/s for ${seconds} s (server CPU ${cpuMs.toFixed(2)} ms/message)`);
    return { result, cpuMs, summary: summarise(file, { top: 25 }), file, flame };
  } finally {
    await server.stop();
    await database?.drop();
  }
};

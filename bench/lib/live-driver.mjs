// The live benchmark's load: members connected over Socket.IO (websocket) and joined to
// their conversation's room, senders posting through the real HTTP send call at a fixed
// rate (open loop: a send is due at its scheduled time whether or not the server keeps up,
// so a server that falls behind shows as latency, not as a slower sender). Latency is from
// a message's scheduled send time to its arrival at each member's socket.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { percentile } from './stats.mjs';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const BOUNDARY = 'benchboundary7MA4YWxkTrZu0gW';

/** The send call's multipart body, as the mobile apps post it: a `data` part holding JSON. */
const multipart = (message) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ message, mention_data: [] })}\r\n--${BOUNDARY}--\r\n`;

/** POSTs one message; resolves with the HTTP status (0 when the connection failed). */
const postMessage = (base, conversationId, headers, message, viaAgent = agent) =>
  new Promise((resolve) => {
    const body = multipart(message);
    const url = new URL(`/api/v1/messages/${conversationId}`, base);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: viaAgent,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });

/** A keep-alive agent whose connections leave from this loopback address (nginx hashes on it). */
export const agentFrom = (localAddress) => new http.Agent({ keepAlive: true, maxSockets: 64, localAddress });

/**
 * Connects one socket per member and joins each to its room, `concurrency` at a time.
 * members: [{ token?, room, localAddress? }]. Every socket's records go to `onRecord`.
 */
export const connectMembers = async (base, members, onRecord, { concurrency = 25 } = {}) => {
  const sockets = new Array(members.length);
  let next = 0;
  const connectOne = async (index) => {
    const { token, room, localAddress } = members[index];
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
      forceNew: true,
      ...(localAddress ? { localAddress } : {}),
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const answer = await socket.timeout(15_000).emitWithAck('join', { room });
    if (answer !== 'OK') throw new Error(`join ${room} refused: ${answer}`);
    socket.on('message', (record) => onRecord(record, index));
    sockets[index] = socket;
  };
  const worker = async () => {
    while (next < members.length) await connectOne(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sockets;
};

/**
 * A tracker of sent messages: `expect` registers a send and how many sockets should get it,
 * `record` is the sockets' handler.
 */
export const createTracker = () => {
  let step = null;
  const record = (rec) => {
    if (!step || rec.type !== 'user-chat') {
      if (step && rec.type === 'user-sidebar-chat') step.sidebar += 1;
      return;
    }
    const content = rec.data?.content;
    if (typeof content !== 'string' || !content.startsWith(step.prefix)) return;
    const seq = Number(content.slice(step.prefix.length));
    const due = step.dueAt[seq];
    if (due === undefined) return;
    step.latencies.push(performance.now() - due);
    step.received += 1;
  };
  return {
    record,
    begin(prefix, total) {
      step = { prefix, dueAt: new Float64Array(total), latencies: [], received: 0, sidebar: 0 };
      return step;
    },
    end() {
      const done = step;
      step = null;
      return done;
    },
  };
};

/**
 * One step of the ramp: `rate` messages a second for `seconds`, spread over the senders
 * (each { headers, room, members, agent? }). Answers latency percentiles over every delivery, what
 * was lost, the HTTP failures and the rate actually offered.
 */
export const runStep = async ({ base, tracker, senders, rate, seconds, label, drainMs = 3000 }) => {
  const total = Math.round(rate * seconds);
  const prefix = `L ${label} ${rate} `;
  const step = tracker.begin(prefix, total);
  let expected = 0;
  let httpFailures = 0;
  let answered = 0;
  let sent = 0;
  const pending = new Set();
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) * rate) / 1000) + 1);
      while (sent < due) {
        const seq = sent++;
        const sender = senders[seq % senders.length];
        step.dueAt[seq] = started + (seq * 1000) / rate;
        expected += sender.members;
        const call = postMessage(base, sender.room, sender.headers, `${prefix}${seq}`, sender.agent).then((status) => {
          answered += 1;
          if (status < 200 || status >= 300) httpFailures += 1;
          pending.delete(call);
        });
        pending.add(call);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const offeredSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  const drainUntil = performance.now() + drainMs;
  while (step.received < expected && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 20));
  tracker.end();
  const sorted = Float64Array.from(step.latencies).sort();
  return {
    rate,
    sent: total,
    offeredRate: total / offeredSeconds,
    answered,
    httpFailures,
    expected,
    received: step.received,
    lost: expected - step.received,
    sidebar: step.sidebar,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
};

/** A step holds when p99 is under the bound, nothing was lost and every send was answered well. */
export const holds = (result, p99BoundMs = 100) =>
  result.p99 < p99BoundMs && result.lost === 0 && result.httpFailures === 0 && result.offeredRate >= result.rate * 0.95;

export const closeAll = (sockets) => {
  for (const socket of sockets) socket?.disconnect();
};

// Single calls: the built server on a fresh database with the demo organisation, loaded
// from this process over loopback with keep-alive `fetch`. Latencies in milliseconds.
import { startServer } from '../lib/server.mjs';
import { isQuick, machineLine, writeSection } from '../lib/results.mjs';
import { load as measure, ms } from '../lib/stats.mjs';

/** Quick runs make a tenth of the calls. */
const load = (label, options) => measure(label, { ...options, total: isQuick ? Math.max(20, Math.ceil(options.total / 10)) : options.total });

let base;

/**
 * Chat figures on Maria's 'Sales Team' group: 10 000 sends fill it, then the calls the
 * main screen makes are measured against a conversation of that size.
 */
const chatLoads = async (headers) => {
  const json = { ...headers, 'content-type': 'application/json' };
  const groups = await (await fetch(`${base}/api/v2/conversations?conversation_filter=group`, { headers })).json();
  const sales = groups.conversations.find((conversation) => conversation.name === 'Sales Team');
  let sent = 0;
  const send = await load('POST /api/v1/messages/{id} (send text; fills the conversation to 10 000)', {
    total: 10_000,
    concurrency: 16,
    call: async () => {
      sent += 1;
      const body = JSON.stringify({ message: `Bench message ${sent} about cement, rebar and delivery schedules` });
      return (await fetch(`${base}/api/v1/messages/${sales.id}`, { method: 'POST', headers: json, body })).ok;
    },
  });
  const newest = await (await fetch(`${base}/api/v1/messages/${sales.id}?limit=30`, { headers })).json();
  const middleId = newest.messages[0].id - (isQuick ? 500 : 5_000);
  return [
    send,
    await load('GET /api/v3/conversations (group list page, unread counts)', {
      total: 3000,
      concurrency: 16,
      call: async () => (await fetch(`${base}/api/v3/conversations?conversation_filter=group&page=1&limit=10`, { headers })).ok,
    }),
    await load('GET /api/v2/conversations/unread-count', {
      total: 3000,
      concurrency: 16,
      call: async () => (await fetch(`${base}/api/v2/conversations/unread-count`, { headers })).ok,
    }),
    await load('GET /api/v1/messages/{id}?limit=30 (newest page of 10 000, marks read)', {
      total: 2000,
      concurrency: 16,
      call: async () => (await fetch(`${base}/api/v1/messages/${sales.id}?limit=30`, { headers })).ok,
    }),
    await load('GET /api/v1/messages/{id}?limit=10&before= (scrolling back, mid-history)', {
      total: 2000,
      concurrency: 16,
      call: async () => (await fetch(`${base}/api/v1/messages/${sales.id}?limit=10&before=${middleId}`, { headers })).ok,
    }),
    await load('POST /api/v1/messages/search/{id} (full-text, 1 hit in 10 000 messages)', {
      total: 1000,
      concurrency: 8,
      call: async () =>
        (await fetch(`${base}/api/v1/messages/search/${sales.id}`, { method: 'POST', headers: json, body: JSON.stringify({ keyword: 'message 4242 ' }) })).ok,
    }),
    await load('POST /api/v1/messages/global/search/ (full-text, 10 000 hits ranked, best 50)', {
      total: 300,
      concurrency: 8,
      call: async () =>
        (await fetch(`${base}/api/v1/messages/global/search/`, { method: 'POST', headers: json, body: JSON.stringify({ keyword: 'cement deliv' }) })).ok,
    }),
    await load('PUT /api/v1/messages/{c}/{m} (reaction on, then off again)', {
      total: 2000,
      concurrency: 8,
      call: async () =>
        (await fetch(`${base}/api/v1/messages/${sales.id}/${middleId}`, { method: 'PUT', headers: json, body: JSON.stringify({ reaction_type: 'like' }) })).ok,
    }),
  ];
};

/** Requests: 1 000 ePRs filed by Maria, the lists, and Ana's 1 000 level-1 approvals. */
const requestLoads = async (headers) => {
  const json = { ...headers, 'content-type': 'application/json' };
  const signIn = async (username) => {
    const response = await fetch(`${base}/api/v1/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'demo1234' }),
    });
    return { authorization: `Bearer ${(await response.json()).token}` };
  };
  const forms = await (await fetch(`${base}/api/v1/forms`, { headers })).json();
  const epr = forms.forms.find((form) => form.form_details.type === 'epr');
  const needed = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const body = JSON.stringify({
    company_id: 1,
    purchase_request_id: 1,
    date_needed: needed,
    requisitions: [
      { description: 'Rebar 10mm', remarks: '', quantity: 120, price: '185.50' },
      { description: 'Portland cement', remarks: '', quantity: 40, price: '255.75' },
    ],
  });
  const ids = [];
  const file = await load('POST /api/v1/forms/epr/{id} (file an ePR with two lines)', {
    total: 1000,
    concurrency: 8,
    call: async () => {
      const response = await fetch(`${base}/api/v1/forms/epr/${epr.form_id}`, { method: 'POST', headers: json, body });
      if (response.ok) ids.push((await response.json()).request.id);
      return response.ok;
    },
  });
  const ana = await signIn('ana.reyes');
  const anaJson = { ...ana, 'content-type': 'application/json' };
  const results = [
    file,
    await load('GET /api/v1/forms/me/requests (1 000 requests)', {
      total: 500,
      concurrency: 8,
      call: async () => (await fetch(`${base}/api/v1/forms/me/requests`, { headers })).ok,
    }),
    await load('GET /api/v1/forms/me/approvals (1 000 waiting, as approver)', {
      total: 500,
      concurrency: 8,
      call: async () => (await fetch(`${base}/api/v1/forms/me/approvals`, { headers: ana })).ok,
    }),
  ];
  let next = 0;
  results.push(
    await load('POST /api/v1/forms/me/requests (level-1 approval, moves to level 2)', {
      total: ids.length,
      concurrency: 8,
      call: async () => {
        const requestId = ids[next++];
        const vote = JSON.stringify({ form_id: epr.form_id, request_id: requestId, status: 'approved' });
        return (await fetch(`${base}/api/v1/forms/me/requests`, { method: 'POST', headers: anaJson, body: vote })).ok;
      },
    }),
  );
  return results;
};

const server = await startServer();
base = server.base;
const startupMs = server.startupMs;

try {
  const loginBody = JSON.stringify({ username: 'maria.santos@demo.local', password: 'demo1234' });
  const login = () =>
    fetch(`${base}/api/v1/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
  const { token } = await (await login()).json();
  const headers = { authorization: `Bearer ${token}` };

  // Warm up the JIT and connection pools before measuring.
  await load('warm-up', { total: 300, concurrency: 8, call: async () => (await fetch(`${base}/api/v1/accounts/me`, { headers })).ok });

  const results = [
    await load('GET /api/v1/version (no auth, no database)', {
      total: 4000,
      concurrency: 16,
      call: async () => (await fetch(`${base}/api/v1/version`)).ok,
    }),
    await load('GET /api/v1/accounts/me (token check + user row)', {
      total: 4000,
      concurrency: 16,
      call: async () => (await fetch(`${base}/api/v1/accounts/me`, { headers })).ok,
    }),
    ...(await chatLoads(headers)),
    ...(await requestLoads(headers)),
    await load('POST /api/v1/accounts/login (scrypt N=16384)', {
      total: 200,
      concurrency: 8,
      call: async () => (await login()).ok,
    }),
  ];

  const lines = [
    '## Single calls',
    '',
    `Measured ${machineLine()}. The built server on a fresh SQLite database with the demo`,
    'organisation, loaded from a second process over loopback with keep-alive `fetch`.',
    `Start-up to ready on an empty database (migrate + seed + listen): ${startupMs.toFixed(0)} ms.`,
    '',
    '| Call | Requests | In flight | Req/s | p50 ms | p95 ms | p99 ms | Failures |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.label} | ${r.total} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.failures} |`),
    '',
    'Login is bound by scrypt by design (about 16 MB and tens of milliseconds per check, on',
    "libuv's 4-thread pool); it is the cost that makes password guessing slow. The global",
    'search row is the worst case: every one of the 10 000 messages matches both words.',
  ];
  writeSection('api', lines.join('\n'));
} finally {
  await server.stop();
}

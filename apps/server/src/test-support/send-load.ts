/**
 * A send load for the fault tests: people posting chat messages through the real HTTP send
 * call (multipart, a `data` part with a client_message_id, as the apps send it) at a fixed
 * rate, every answer kept by its client id; then the retries a client makes of every send
 * that got no answer or a failure, with the same client id; then the conversation read back
 * through the catch-up call, to count what is there.
 */
import http from 'node:http';
import type { ConversationSummary, Message } from '@ichat/shared';
import { sleep } from './net.js';

export interface Sender {
  token: string;
  conversationId: number;
}

export interface SendAnswer {
  /** 0 when no HTTP answer came (connection refused or cut off). */
  status: number;
  message?: string;
  messageId?: number;
}

const BOUNDARY = 'fault-test-boundary-5c1d';

/** Sends one message with its client id; never rejects. */
export const postMessage = (url: string, sender: Sender, text: string, clientId: string, agent?: http.Agent): Promise<SendAnswer> =>
  new Promise((resolve) => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ message: text, mention_data: [], client_message_id: clientId })}\r\n--${BOUNDARY}--\r\n`;
    const request = http.request(
      `${url}/api/v1/messages/${sender.conversationId}`,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => resolve({ status: 0 }));
        response.on('end', () => {
          let parsed: { message?: unknown } = {};
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: unknown };
          } catch {
            // not JSON: the status says enough
          }
          const message = parsed.message;
          resolve({
            status: response.statusCode ?? 0,
            ...(typeof message === 'string' ? { message } : {}),
            ...(message && typeof message === 'object' ? { messageId: (message as Message).id } : {}),
          });
        });
      },
    );
    request.setTimeout(30_000, () => request.destroy());
    request.on('error', () => resolve({ status: 0 }));
    request.end(body);
  });

export interface SendRecord {
  clientId: string;
  sender: Sender;
  text: string;
  /** Every answer this client id got, the first send's first. */
  answers: SendAnswer[];
}

export const isAcknowledged = (answer: SendAnswer) => answer.status === 200 || answer.status === 201;

/**
 * Sends `rate` messages a second, round robin over `senders`, until `stop()` answers true (open
 * loop: a send goes at its time whether or not the server keeps up). `onSend` sees each
 * record as it goes out.
 */
export const runSendLoad = async ({
  url,
  senders,
  rate,
  prefix,
  stop,
}: {
  url: string;
  senders: Sender[];
  rate: number;
  prefix: string;
  stop: (elapsedMs: number) => boolean;
}): Promise<SendRecord[]> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const records: SendRecord[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  for (;;) {
    const elapsed = Date.now() - started;
    if (stop(elapsed)) break;
    const due = Math.floor((elapsed * rate) / 1000) + 1;
    while (records.length < due) {
      const seq = records.length;
      const record: SendRecord = { clientId: `${prefix}-${seq}`, sender: senders[seq % senders.length]!, text: `${prefix} ${seq}`, answers: [] };
      records.push(record);
      const call = postMessage(url, record.sender, record.text, record.clientId, agent).then((answer) => {
        record.answers.push(answer);
        inFlight.delete(call);
      });
      inFlight.add(call);
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  agent.destroy();
  return records;
};

/**
 * What a client does after a failure: sends again, with the same client id, every message
 * whose last answer was not an acknowledgement, until each is acknowledged (or `deadlineMs`
 * passes). Answers how many retries were answered 201 (stored now) and 200 (stored already).
 */
export const retryUnacknowledged = async (url: string, records: SendRecord[], deadlineMs = 60_000) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const deadline = Date.now() + deadlineMs;
  const counts = { retried: 0, storedNow: 0, storedAlready: 0, attempts: 0 };
  const waiting = records.filter((record) => !isAcknowledged(record.answers.at(-1) ?? { status: 0 }));
  counts.retried = waiting.length;
  let next = 0;
  const worker = async () => {
    while (next < waiting.length) {
      const record = waiting[next++]!;
      while (Date.now() < deadline) {
        counts.attempts += 1;
        const answer = await postMessage(url, record.sender, record.text, record.clientId, agent);
        record.answers.push(answer);
        if (answer.status === 201) counts.storedNow += 1;
        if (answer.status === 200) counts.storedAlready += 1;
        if (isAcknowledged(answer)) break;
        await sleep(200);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  return counts;
};

/** The id of a conversation's newest message (the newest page, as a page opens it). */
export const latestMessageId = async (url: string, token: string, conversationId: number): Promise<number> => {
  const response = await fetch(`${url}/api/v1/messages/${conversationId}?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`the newest message of ${conversationId}: ${response.status} ${await response.text()}`);
  const { messages } = (await response.json()) as { messages: Message[] };
  return messages.at(-1)?.id ?? 0;
};

/** Every message of a conversation after message `afterId` (> 0), through the catch-up call (`?after=`). */
export const readConversationAfter = async (url: string, token: string, conversationId: number, afterId: number): Promise<Message[]> => {
  const all: Message[] = [];
  let after = afterId;
  for (;;) {
    const response = await fetch(`${url}/api/v1/messages/${conversationId}?after=${after}&limit=200`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`catching up on ${conversationId} after ${after}: ${response.status} ${await response.text()}`);
    const { messages } = (await response.json()) as { messages: Message[] };
    all.push(...messages);
    if (messages.length === 0) return all;
    after = messages.at(-1)!.id;
  }
};

/** Signs in through the API and answers the token. */
export const signIn = async (url: string, username: string, password = 'demo1234'): Promise<string> => {
  const response = await fetch(`${url}/api/v1/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(`login as ${username} failed: ${response.status} ${body.message ?? ''}`);
  return body.token;
};

/** The id of the caller's conversation with this name (the demo's 'Sales Team'). */
export const conversationNamed = async (url: string, token: string, name: string): Promise<number> => {
  const response = await fetch(`${url}/api/v1/conversations`, { headers: { authorization: `Bearer ${token}` } });
  const { conversations } = (await response.json()) as { conversations: ConversationSummary[] };
  const found = conversations.find((conversation) => conversation.name === name);
  if (!found) throw new Error(`no conversation named ${name}`);
  return found.id;
};

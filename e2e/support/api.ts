/**
 * Test data made through the server's own API (faster than the screens, and as real): a
 * signed-in caller, a group with a message, a thread reply and a reaction, an ePR request.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './ui.js';

export interface ApiCaller {
  request: APIRequestContext;
  headers: { authorization: string };
}

export const apiSignIn = async (request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<ApiCaller> => {
  const response = await request.post('/api/v1/accounts/login', { data: { username, password } });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { request, headers: { authorization: `Bearer ${token}` } };
};

const json = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
};

export const userIdsByName = async (caller: ApiCaller): Promise<Map<string, number>> => {
  const { users } = await json<{ users: { id: number; display_name: string }[] }>(
    await caller.request.get('/api/v1/users', { headers: caller.headers }),
  );
  return new Map(users.map((user) => [user.display_name, user.id]));
};

/** A new group of the caller and the named people; returns its id. */
export const createGroup = async (caller: ApiCaller, name: string, memberNames: string[]): Promise<number> => {
  const ids = await userIdsByName(caller);
  const data = { name, conversation_member_ids: memberNames.map((member) => ids.get(member)!), is_group: true };
  const { conversation_id } = await json<{ conversation_id: number }>(
    await caller.request.post('/api/v1/conversations', { headers: caller.headers, multipart: { data: JSON.stringify(data) } }),
  );
  return conversation_id;
};

/** Sends a message to a conversation; returns the message id. */
export const sendMessage = async (caller: ApiCaller, conversationId: number, message: string): Promise<number> => {
  const body = await json<{ message: { id: number } }>(
    await caller.request.post(`/api/v1/messages/${conversationId}`, {
      headers: caller.headers,
      multipart: { data: JSON.stringify({ message }) },
    }),
  );
  return body.message.id;
};

export const replyInThread = async (caller: ApiCaller, conversationId: number, messageId: number, message: string) => {
  await json(
    await caller.request.post(`/api/v1/messages/${conversationId}/${messageId}`, {
      headers: caller.headers,
      multipart: { data: JSON.stringify({ message }) },
    }),
  );
};

export const react = async (caller: ApiCaller, conversationId: number, messageId: number, reactionType: string) => {
  await json(
    await caller.request.put(`/api/v1/messages/${conversationId}/${messageId}`, {
      headers: caller.headers,
      data: { reaction_type: reactionType },
    }),
  );
};

const formIdOf = async (caller: ApiCaller, type: string): Promise<number> => {
  const { forms } = await json<{ forms: { form_id: number; form_details: { type: string } }[] }>(
    await caller.request.get('/api/v1/forms', { headers: caller.headers }),
  );
  return forms.find((form) => form.form_details.type === type)!.form_id;
};

// A week ahead: never in the past in Manila, whatever the machine's zone.
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** Files a one-line ePR (level 1: Ana Reyes or Jose Garcia); returns its reference id. */
export const fileEpr = async (caller: ApiCaller, description: string): Promise<string> => {
  const formId = await formIdOf(caller, 'epr');
  const { form_details } = await json<{ form_details: { companies: { id: number }[]; purchase_request_types: { id: number }[] } }>(
    await caller.request.get(`/api/v1/forms/${formId}`, { headers: caller.headers }),
  );
  const data = {
    company_id: form_details.companies[0]!.id,
    purchase_request_id: form_details.purchase_request_types[0]!.id,
    date_needed: inAWeek(),
    requisitions: [{ description, quantity: 10, price: '150.00' }],
  };
  const { request } = await json<{ request: { reference_id: string } }>(
    await caller.request.post(`/api/v1/forms/epr/${formId}`, { headers: caller.headers, multipart: { data: JSON.stringify(data) } }),
  );
  return request.reference_id;
};

/**
 * Files an SO/LO requisition (level 1: Juan Dela Cruz); returns its reference id. It has no
 * amounts and is a type the requests spec does not file, so it leaves that spec's figures alone.
 */
export const fileSoLo = async (caller: ApiCaller, description: string): Promise<string> => {
  const formId = await formIdOf(caller, 'so-lo');
  const data = { request_type: 'Republic Cement SO/LO', date_needed: inAWeek(), description };
  const { request } = await json<{ request: { reference_id: string } }>(
    await caller.request.post(`/api/v1/forms/so-lo/${formId}`, { headers: caller.headers, multipart: { data: JSON.stringify(data) } }),
  );
  return request.reference_id;
};

/** A form's id by its type (epr, so-lo, …), as an administrator sees the forms. */
export const adminFormId = async (admin: ApiCaller, type: string): Promise<number> => {
  const { forms } = await json<{ forms: { id: number; type: string }[] }>(await admin.request.get('/api/v1/admin/forms', { headers: admin.headers }));
  return forms.find((form) => form.type === type)!.id;
};

/** A form's approval chain as the API answers it (names included). */
export const getChain = async (admin: ApiCaller, formId: number): Promise<unknown> =>
  (await json<{ chain: unknown }>(await admin.request.get(`/api/v1/admin/forms/${formId}/chain`, { headers: admin.headers }))).chain;

/** Puts a form's chain back as it was (tests that change a chain restore it for the specs after them). */
export const putChain = async (admin: ApiCaller, formId: number, chain: unknown) => {
  await json(await admin.request.put(`/api/v1/admin/forms/${formId}/chain`, { headers: admin.headers, data: chain }));
};

/** A new account made by an administrator, who must change its password at the first sign-in; returns its id. */
export const createPerson = async (
  admin: ApiCaller,
  person: { first_name: string; last_name: string; username: string; department: string; password: string; approval_page?: boolean },
): Promise<number> => {
  const body = await json<{ user: { id: number } }>(
    await admin.request.post('/api/v1/admin/users', {
      headers: admin.headers,
      data: { ...person, email_address: `${person.username}@demo.local`, admin_access: false, approval_page: person.approval_page ?? false },
    }),
  );
  return body.user.id;
};

/** A filed request as the tests use it. */
export interface Filed {
  id: number;
  reference_id: string;
  form_id: number;
}

/**
 * Files a request with the caller's form of `type` and this data part, or, with `copyOf`,
 * the corrected copy of the caller's denied request; returns its ids.
 */
export const fileRequest = async (caller: ApiCaller, type: string, data: Record<string, unknown>, copyOf?: Filed): Promise<Filed> => {
  const formId = await formIdOf(caller, type);
  const kind = type === 'offsetting' ? 'offset' : type;
  const { request } = await json<{ request: { id: number; reference_id: string } }>(
    await caller.request.post(`/api/v1/forms/${kind}/${formId}`, {
      headers: caller.headers,
      ...(copyOf ? { params: { copy_of: copyOf.id } } : {}),
      multipart: { data: JSON.stringify(data) },
    }),
  );
  return { id: request.id, reference_id: request.reference_id, form_id: formId };
};

interface Requisition {
  description: string;
  quantity: number;
  price: string;
  remarks?: string;
}

/** Files an ePR with these lines under the first company and purchase type offered (level 1: Ana Reyes or Jose Garcia). */
export const fileEprWith = async (caller: ApiCaller, requisitions: Requisition[], more: Record<string, unknown> = {}): Promise<Filed> => {
  const formId = await formIdOf(caller, 'epr');
  const { form_details } = await json<{ form_details: { companies: { id: number }[]; purchase_request_types: { id: number }[] } }>(
    await caller.request.get(`/api/v1/forms/${formId}`, { headers: caller.headers }),
  );
  return fileRequest(caller, 'epr', {
    company_id: form_details.companies[0]!.id,
    purchase_request_id: form_details.purchase_request_types[0]!.id,
    date_needed: inAWeek(),
    requisitions,
    ...more,
  });
};

/** Approves or denies a request as the caller (a denial needs a comment). */
export const vote = async (caller: ApiCaller, filed: Filed, status: 'approved' | 'denied', comment?: string) => {
  await json(
    await caller.request.post('/api/v1/forms/me/requests', {
      headers: caller.headers,
      data: { form_id: filed.form_id, request_id: filed.id, status, ...(comment ? { comment } : {}) },
    }),
  );
};

/** The requester takes back a pending request. */
export const withdraw = async (caller: ApiCaller, filed: Filed) => {
  await json(await caller.request.post(`/api/v1/forms/me/requests/${filed.id}/withdraw`, { headers: caller.headers }));
};

/** Today in Manila, where stand-ins are named for whole days. */
export const manilaToday = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The caller names a stand-in for today; returns the delegation's id. */
export const nameStandIn = async (approver: ApiCaller, delegateId: number): Promise<number> => {
  const today = manilaToday();
  const { delegation } = await json<{ delegation: { id: number } }>(
    await approver.request.post('/api/v1/delegations', {
      headers: approver.headers,
      data: { delegate_id: delegateId, starts_on: today, ends_on: today },
    }),
  );
  return delegation.id;
};

/** Ends a delegation now, so the stand-in leaves the other tests' lists alone. */
export const endStandIn = async (caller: ApiCaller, delegationId: number) => {
  await json(await caller.request.delete(`/api/v1/delegations/${delegationId}`, { headers: caller.headers }));
};

/**
 * Calls the request tests share: signing the demo people in once, filing a request,
 * voting, reading a detail or a list, naming stand-ins and setting a form's chain, each as
 * the person named by username.
 */
import { manilaToday, type RequestDetail } from '@ichat/shared';
import type { ApiResponse, TestServer } from './test-server.js';

export type Body = Record<string, unknown> & { success: boolean; message?: string };

export interface ListItem {
  id: number;
  reference_id: string;
  status: string;
}

export interface NotificationItem {
  id: number;
  notification_type: string;
  is_reminder: boolean;
  request_notification_form_request_id: number | null;
  notification_sender_details: { display_name: string } | null;
}

export interface DelegationBody {
  id: number;
  approver: { id: number; display_name: string };
  delegate: { id: number; display_name: string };
  starts_on: string;
  ends_on: string;
  created_by: { id: number; display_name: string };
  createdAt: string;
  is_active: boolean;
}

export interface ChainLevelInput {
  approvers: readonly string[];
  needed: number;
}

export const DEMO_USERNAMES = [
  'admin',
  'maria.santos',
  'juan.delacruz',
  'ana.reyes',
  'jose.garcia',
  'liza.mendoza',
  'carmen.flores',
  'ramon.bautista',
  'paolo.villanueva',
  'grace.tan',
] as const;

/** A Manila calendar day `days` from today ('YYYY-MM-DD'). */
export const inDays = (days: number, today = manilaToday()) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** An offsetting request's data: the one form filed as plain JSON. */
export const offsetData = () => ({
  offsettingRows: [{ date: inDays(-3), accumulatedHrs: 3 }],
  dateOffset: inDays(5),
  typeOffset: '1st Half',
});

export const eprData = () => ({
  company_id: 1,
  recommended_supplier: 'Cebu Steel Trading',
  purchase_request_id: 2,
  urgent: false,
  date_needed: inDays(2),
  requisitions: [{ description: 'Hollow blocks', quantity: 100, price: '14' }],
});

export interface RequestsKit {
  ids: Record<string, number>;
  tokens: Record<string, string>;
  formIds: Record<string, number>;
  call<B = Body>(user: string | null, method: string, url: string, json?: unknown): Promise<ApiResponse<B>>;
  /** Files an offsetting request (JSON); `query` is e.g. `?copy_of=5`. */
  fileOffset(user: string, query?: string): Promise<ApiResponse<Body & { request: { id: number; reference_id: string } }>>;
  /** Files an ePR (multipart, no files). */
  fileEpr(user: string, query?: string): Promise<ApiResponse<Body & { request: { id: number; reference_id: string } }>>;
  detail(user: string, type: string, id: number): Promise<ApiResponse<Body & { request: RequestDetail }>>;
  vote(
    user: string,
    formType: string,
    requestId: number,
    status: 'approved' | 'denied',
    extra?: { comment?: string; on_behalf_of?: number },
  ): Promise<ApiResponse<Body & { status?: string }>>;
  awaiting(user: string): Promise<ApiResponse<Body & { requests: ListItem[] }>>;
  notifications(user: string): Promise<NotificationItem[]>;
  delegate(
    user: string,
    body: { approver_id?: number; delegate_id: number; starts_on: string; ends_on: string },
  ): Promise<ApiResponse<Body & { delegation: DelegationBody }>>;
  /** Replaces a form's chain with one band for every amount, as the admin. */
  setChain(formType: string, level1: ChainLevelInput, level2: ChainLevelInput): Promise<void>;
}

export const createRequestsKit = async (server: TestServer, users: readonly string[] = DEMO_USERNAMES): Promise<RequestsKit> => {
  const tokens: Record<string, string> = {};
  for (const user of users) tokens[user] = await server.login(user);
  const call = <B = Body>(user: string | null, method: string, url: string, json?: unknown) =>
    server.request<B>(method, url, { token: user === null ? undefined : tokens[user], json });

  const people = await call<{ users: { id: number; username: string }[] }>('admin', 'GET', '/api/v1/admin/users');
  const ids = Object.fromEntries(people.body.users.map((user) => [user.username, user.id]));
  const forms = await call<{ forms: { id: number; type: string }[] }>('admin', 'GET', '/api/v1/admin/forms');
  const formIds = Object.fromEntries(forms.body.forms.map((form) => [form.type, form.id]));

  const kit: RequestsKit = {
    ids,
    tokens,
    formIds,
    call,
    fileOffset: (user, query = '') => call(user, 'POST', `/api/v1/forms/offset/${formIds['offsetting']}${query}`, offsetData()),
    fileEpr(user, query = '') {
      const form = new FormData();
      form.append('data', JSON.stringify(eprData()));
      return server.request('POST', `/api/v1/forms/epr/${formIds['epr']}${query}`, { token: tokens[user], form });
    },
    detail: (user, type, id) => call(user, 'GET', `/api/v1/forms/me/requests/${type}/${id}`),
    vote: (user, formType, requestId, status, extra = {}) =>
      call(user, 'POST', '/api/v1/forms/me/requests', { form_id: formIds[formType], request_id: requestId, status, ...extra }),
    awaiting: (user) => call(user, 'GET', '/api/v1/forms/me/approvals'),
    async notifications(user) {
      const response = await call<{ notifications: NotificationItem[] }>(user, 'GET', '/api/v1/users/notifications');
      if (response.status !== 200) throw new Error(`notifications of ${user}: ${response.status}`);
      return response.body.notifications;
    },
    delegate: (user, body) => call(user, 'POST', '/api/v1/delegations', body),
    async setChain(formType, level1, level2) {
      const level = ({ approvers, needed }: ChainLevelInput) => ({ approver_ids: approvers.map((user) => ids[user]!), needed });
      const response = await call('admin', 'PUT', `/api/v1/admin/forms/${formIds[formType]}/chain`, {
        bands: [{ min_amount: 0, max_amount: null, level_1: level(level1), level_2: level(level2) }],
      });
      if (response.status !== 200) throw new Error(`setting the ${formType} chain: ${response.status} ${response.body.message ?? ''}`);
    },
  };
  return kit;
};

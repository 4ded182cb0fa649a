// Staff and group conversations for the live benchmarks, made through the product's own API
// (registration, sign-in, new group), so the fixture is the same on SQLite and PostgreSQL.
import { signIn } from './server.mjs';

const PASSWORD = 'Bench-pass-1';

const inParallel = async (count, concurrency, work) => {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
};

const call = async (base, path, init) => {
  const response = await fetch(`${base}${path}`, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
};

/**
 * `people` staff in groups of `groupSize` (each group made by its first member, with the
 * rest as members). Answers every member with their token and room, and the conversations.
 */
export const makeGroups = async (base, { people, groupSize, tag = 'b' }) => {
  const admin = await signIn(base, 'admin@demo.local');
  const json = { ...admin.headers, 'content-type': 'application/json' };
  await inParallel(people, 8, (index) =>
    call(base, '/api/v1/accounts/register', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: `${tag}${index}`,
        email_address: `bench.${tag}${index}@bench.local`,
        department: 'Sales',
        username: `bench.${tag}${index}`,
        password: PASSWORD,
      }),
    }),
  );
  const staff = await inParallel(people, 8, (index) => signIn(base, `bench.${tag}${index}`, PASSWORD));
  const groups = await inParallel(Math.floor(people / groupSize), 8, async (group) => {
    const members = staff.slice(group * groupSize, (group + 1) * groupSize);
    const form = new FormData();
    form.append('data', JSON.stringify({ name: `Bench ${tag} ${group}`, conversation_member_ids: members.slice(1).map((m) => m.user.id), is_group: true }));
    const { conversation_id: room } = await call(base, '/api/v1/conversations', { method: 'POST', headers: members[0].headers, body: form });
    return { room, members };
  });
  return {
    groups,
    members: groups.flatMap(({ room, members }) => members.map((member) => ({ token: member.token, headers: member.headers, room }))),
  };
};

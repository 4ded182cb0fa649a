import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.login('admin@demo.local');
});

interface PreviewBody {
  rows: { line: number; outcome: 'create' | 'update' | 'invalid'; reason: string | null; user: Record<string, string> }[];
  summary: { create: number; update: number; invalid: number };
}

const preview = (csv: string) => server.request<PreviewBody>('POST', '/api/v1/admin/users/import/preview', { token: admin, json: { csv } });
const importCsv = (csv: string) =>
  server.request<{ message: string; created: number; updated: number; passwords: { username: string; password: string }[] }>(
    'POST',
    '/api/v1/admin/users/import',
    { token: admin, json: { csv } },
  );
const peopleCount = async () => (await server.request<{ total: number }>('GET', '/api/v1/admin/people', { token: admin })).body.total;

const HEADER = 'first_name,last_name,email_address,username,department';

describe('importing people from CSV', () => {
  it('previews each row as to create, to update or wrong with the reason, storing nothing', async () => {
    const before = await peopleCount();
    const csv = [
      // A byte order mark and Windows line ends, as a spreadsheet saves the file.
      `\uFEFF${HEADER}`,
      'Andrea,Bautista,andrea.bautista@demo.local,andrea.b,Sales',
      'Maria,Santos-Cruz,maria.santos@demo.local,maria.santos,Finance',
      'Nobody,Here,not-an-email,nobody,Sales',
      'Twin,One,andrea.bautista@demo.local,twin.one,Sales',
      'Taken,Name,taken.name@demo.local,juan.delacruz,Sales',
      ',Blank,blank@demo.local,blank,Sales',
    ].join('\r\n');
    const answer = await preview(csv);
    expect(answer.status).toBe(200);
    expect(answer.body.summary).toEqual({ create: 1, update: 1, invalid: 4 });
    expect(answer.body.rows.map((row) => [row.line, row.outcome, row.reason])).toEqual([
      [2, 'create', null],
      [3, 'update', null],
      [4, 'invalid', 'Email address is not a valid email address.'],
      [5, 'invalid', 'The email address andrea.bautista@demo.local is on line 2 too.'],
      [6, 'invalid', 'The username juan.delacruz belongs to someone else.'],
      [7, 'invalid', 'First name is required.'],
    ]);
    expect(answer.body.rows[0]!.user).toEqual({
      first_name: 'Andrea',
      last_name: 'Bautista',
      email_address: 'andrea.bautista@demo.local',
      username: 'andrea.b',
      department: 'Sales',
    });
    expect(await peopleCount()).toBe(before);
  });

  it('imports nothing while any row is wrong', async () => {
    const before = await peopleCount();
    const refused = await importCsv([HEADER, 'Good,Row,good.row@demo.local,good.row,Sales', 'Bad,Row,bad,bad.row,Sales'].join('\n'));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      message: '1 row is wrong, so nothing was imported. Preview the file to see which, fix it and import again.',
    });
    expect(await peopleCount()).toBe(before);
  });

  it('imports all rows at once: new people with temporary passwords they must change, updates by email, each audited', async () => {
    const before = await peopleCount();
    // The columns in another order than the export's.
    const csv = [
      'username,department,email_address,first_name,last_name',
      'carlo.r,Warehouse Ops,carlo.reyes@demo.local,Carlo,Reyes',
      'dina.p,Sales,dina.p@demo.local,Dina,Pascual',
      'maria.santos,Finance,maria.santos@demo.local,María,Santos',
    ].join('\n');
    const imported = await importCsv(csv);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: 2, updated: 1, message: 'Imported: 2 created, 1 updated.' });
    expect(imported.body.passwords.map((entry) => entry.username)).toEqual(['carlo.r', 'dina.p']);
    expect(await peopleCount()).toBe(before + 2);

    const carlo = imported.body.passwords[0]!;
    const login = await server.request<{ must_change_password: boolean; userDetails: { department: string } }>('POST', '/api/v1/accounts/login', {
      json: { username: carlo.username, password: carlo.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);
    // A department named in the file that did not exist yet is added.
    expect(login.body.userDetails.department).toBe('Warehouse Ops');

    const maria = await server.request<{ people: { first_name: string; department: string }[] }>('GET', '/api/v1/admin/people?query=maria.santos', {
      token: admin,
    });
    expect(maria.body.people[0]).toMatchObject({ first_name: 'María', department: 'Finance' });

    const log = await server.request<{ entries: { action: string; summary: string }[] }>('GET', '/api/v1/admin/audit-log?limit=5', { token: admin });
    const summaries = log.body.entries.map((entry) => `${entry.action} ${entry.summary}`);
    expect(summaries.some((line) => line.startsWith('user.create Created Carlo Reyes (carlo.r) from CSV line 2'))).toBe(true);
    expect(summaries.some((line) => line.startsWith('user.update Changed') && line.includes('from CSV line 4'))).toBe(true);
    expect(JSON.stringify(log.body)).not.toContain(carlo.password);
  });

  it('refuses files that are not a list of people with 400 and a reason', async () => {
    const cases: [string, string][] = [
      ['', 'The file is empty.'],
      ['first_name,last_name\nA,B', 'The first row must name the columns first_name, last_name, email_address, username, department; missing: email_address, username, department.'],
      [HEADER, 'The file has a header row but no people.'],
      [`${HEADER}\n"unclosed,quote`, 'The file could not be read as CSV: Quote Not Closed: the parsing is finished with an opening quote at line 2'],
    ];
    for (const [csv, message] of cases) {
      const refused = await preview(csv);
      expect(refused.status, csv).toBe(400);
      expect(refused.body).toEqual({ success: false, message });
    }
    expect((await server.request('POST', '/api/v1/admin/users/import/preview', { token: admin, json: { file: 'x' } })).status).toBe(400);
  });
});

describe('exporting as CSV', () => {
  it('exports people as UTF-8 with a byte order mark, with formulas neutralised, and records the export', async () => {
    await server.request('POST', '/api/v1/admin/users', {
      token: admin,
      json: {
        first_name: '=HYPERLINK("http://x","y")',
        last_name: '+Niño',
        email_address: 'formula@demo.local',
        username: 'formula',
        department: 'Sales',
        password: 'Temporary1!',
      },
    });
    const response = await fetch(`${server.baseUrl}/api/v1/admin/users/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, ...lines] = text.split('\r\n');
    expect(header).toBe(
      'first_name,last_name,email_address,username,department,display_name,admin_access,approval_page,is_active,must_change_password,last_online,created_at',
    );
    const formula = lines.find((line) => line.includes('formula@demo.local'))!;
    expect(formula.startsWith(`"'=HYPERLINK(""http://x"",""y"")",'+Niño,formula@demo.local,formula,Sales,`)).toBe(true);
    // The export is the import's format: reading it back previews every person as an update.
    const back = await preview(text);
    expect(back.body.summary.invalid).toBe(0);
    expect(back.body.summary.create).toBe(0);

    const log = await server.request<{ entries: { summary: string }[] }>('GET', '/api/v1/admin/audit-log?action=users.export', { token: admin });
    expect(log.body.entries[0]!.summary).toMatch(/^Exported \d+ people as CSV$/);
  });
});

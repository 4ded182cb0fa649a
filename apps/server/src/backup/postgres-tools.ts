/** pg_dump and pg_restore, found on PATH and run with the password kept out of the process list. */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** A refusal the operator can act on: the command prints the sentence and exits with status 1. */
export class BackupRefusal extends Error {}

export const findTool = (name: 'pg_dump' | 'pg_restore'): string => {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  throw new BackupRefusal(
    `${name} was not found on PATH. Install the PostgreSQL client tools of the server's major version or later (Debian: apt-get install postgresql-client).`,
  );
};

/** libpq's connection string without the password, which goes in PGPASSWORD instead. */
export const libpqConnection = (databaseUrl: string): { dbname: string; env: Record<string, string> } => {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
};

export const runTool = (file: string, args: string[], env: Record<string, string>): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(file, args, { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new BackupRefusal(`${path.basename(file)} failed: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });

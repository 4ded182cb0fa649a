/**
 * The figures a fault test measured, printed on one line (`FIGURES <name> {json}`) so a run's
 * output holds them for docs/RELIABILITY.md; with FAULT_FIGURES_DIR set, also written there
 * as <name>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const reportFigures = (name: string, figures: Record<string, unknown>) => {
  const line = JSON.stringify({ at: new Date().toISOString(), ...figures });
  console.log(`FIGURES ${name} ${line}`);
  const dir = process.env['FAULT_FIGURES_DIR'];
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.json`), `${line}\n`);
  }
};

/**
 * CSV that spreadsheets open correctly (docs/DECISIONS.md, "Administration"): UTF-8 with a
 * byte order mark, so Excel does not read Filipino names as Latin-1, CRLF line ends, and
 * every cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return at the
 * start) neutralised with a leading apostrophe. Reading takes the same files back.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A whole CSV file: a header row, then one row per record, in the columns' order. */
export const toSpreadsheetCsv = <Column extends string>(columns: readonly Column[], rows: readonly Record<Column, CsvCell>[]): string =>
  stringify(
    rows.map((row) => columns.map((column) => row[column])),
    {
      bom: true,
      header: true,
      columns: [...columns],
      record_delimiter: 'windows',
      escape_formulas: true,
      cast: { boolean: (value) => (value ? 'yes' : 'no'), number: (value) => String(value) },
    },
  );

export interface ParsedCsv {
  header: string[];
  /** Each data row with its line number in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

/**
 * Reads CSV text (a leading byte order mark is dropped; blank lines are skipped). Throws
 * an Error whose message a person can read when the text is not CSV.
 */
export const readCsv = (text: string): ParsedCsv => {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid Record Length: /, '') : String(error);
    throw new Error(`The file could not be read as CSV: ${detail}`);
  }
  const [first, ...rest] = records;
  if (!first) return { header: [], rows: [] };
  return {
    header: first.record.map((cell) => cell.trim().toLowerCase()),
    rows: rest.map(({ record, info }) => ({ line: info.lines, cells: record })),
  };
};

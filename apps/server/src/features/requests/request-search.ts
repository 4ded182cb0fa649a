/**
 * What a request list's search text finds (docs/DECISIONS.md, "Requests and approvals",
 * Lists). The page used to search the rows it held (001 §2: reference id, request type and
 * date; the approval lists also the names); now that the lists come in pages, the server
 * reads the text the same way, so a search reaches every row and not only the first page:
 * - the reference id and the names contain the text (the repository matches those);
 * - a request type matches when its code or its name contains the text ('purchase' finds
 *   ePRs, as 'Electronic Purchase Requisition' does on screen);
 * - a date matches as the list shows it, in the viewer's time zone: 'Jan 5, 2026', 'Jan 5'
 *   (that day in any year), 'Jan' or 'January' (that month), the full 'Jan 5, 2026, 3:05 PM',
 *   and the ISO forms '2026-01-05', '2026-01' and '2026'.
 */
import { DISPLAY_TIME_ZONE, FORM_TYPE_NAMES, FORM_TYPES, REFERENCE_PREFIXES, type FormType } from '@ichat/shared';

export interface RequestSearch {
  /** The text, lower-cased, matched anywhere in the reference id and the names. */
  text: string;
  /** False when no reference id can contain the text, so none need be read. */
  inReferences: boolean;
  /** Types whose code or name contains the text. */
  formTypes: FormType[];
  /** Filing times the text names as dates, each from `from` (inclusive) to `to` (exclusive). */
  createdWithin: { from: number; to: number }[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Years a date without one may mean: those the company has filed requests in. */
const YEARS_BACK = 20;

/**
 * Reference ids are PREFIX-YYYY-NNNNNN (requests.service.ts `submit`; the number grows past
 * six digits only after a million requests of one type in one year): a 0 stands for any digit.
 */
const REFERENCE_SHAPES = Object.values(REFERENCE_PREFIXES).map((prefix) => `${prefix.toLowerCase()}-0000-000000000000`);

/** Whether some reference id could contain the (lower-cased) text: 'epr-2026', '000123' can; 'santos' cannot. */
export const couldBeInReference = (text: string): boolean =>
  REFERENCE_SHAPES.some((shape) => {
    for (let start = 0; start + text.length <= shape.length; start += 1) {
      let fits = true;
      for (let index = 0; index < text.length && fits; index += 1) {
        const expected = shape[start + index]!;
        const actual = text[index]!;
        fits = expected === '0' ? actual >= '0' && actual <= '9' : actual === expected;
      }
      if (fits) return true;
    }
    return false;
  });

/** The month a word names: three letters or more of its name ('jan', 'janu', 'january', 'sept'). */
const monthOf = (word: string): number | undefined => {
  if (word.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => month.startsWith(word));
  return index === -1 ? undefined : index;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far a zone is ahead of UTC at a moment, in milliseconds. */
const zoneOffset = (time: number, timeZone: string): number => {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(format.formatToParts(time).find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (time - (time % 1000));
};

/** The moment a zone's clock reads this wall time (Date.UTC arguments; months from 0, overflow rolls over). */
const zonedTime = (timeZone: string, year: number, month: number, day = 1, hour = 0, minute = 0): number => {
  const wall = Date.UTC(year, month, day, hour, minute);
  const first = wall - zoneOffset(wall, timeZone);
  // Read the offset again at the moment found: a change of offset between the two (daylight
  // saving) would otherwise put the range an hour off.
  return wall - zoneOffset(first, timeZone);
};

const isRealDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day;
};

/** The filing-time ranges a text names as a date, in a zone; none when it is not a date. */
export const dateRanges = (text: string, timeZone: string, now: number): { from: number; to: number }[] => {
  const thisYear = new Date(now).getUTCFullYear();
  const years = (year: number | undefined) =>
    year === undefined ? Array.from({ length: YEARS_BACK + 2 }, (_, index) => thisYear + 1 - index) : [year];
  const iso = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), iso[2] === undefined ? undefined : Number(iso[2]) - 1, iso[3] === undefined ? undefined : Number(iso[3])];
    if (month === undefined) return [{ from: zonedTime(timeZone, year, 0), to: zonedTime(timeZone, year + 1, 0) }];
    if (month > 11) return [];
    if (day === undefined) return [{ from: zonedTime(timeZone, year, month), to: zonedTime(timeZone, year, month + 1) }];
    if (!isRealDay(year, month, day)) return [];
    return [{ from: zonedTime(timeZone, year, month, day), to: zonedTime(timeZone, year, month, day + 1) }];
  }
  // As the list shows it (en-PH): 'Jan 5, 2026, 3:05 PM', or the start of it.
  const shown = /^([a-z]+)\.?(?:\s+(\d{1,2})(?:,?\s+(\d{4})(?:,?\s+(\d{1,2}):(\d{2})\s*([ap])\.?m\.?)?)?)?$/.exec(text);
  const month = shown ? monthOf(shown[1]!) : undefined;
  if (!shown || month === undefined) return [];
  const day = shown[2] === undefined ? undefined : Number(shown[2]);
  const year = shown[3] === undefined ? undefined : Number(shown[3]);
  if (day === undefined) return years(year).map((y) => ({ from: zonedTime(timeZone, y, month), to: zonedTime(timeZone, y, month + 1) }));
  const days = years(year).filter((y) => isRealDay(y, month, day));
  if (shown[4] === undefined) return days.map((y) => ({ from: zonedTime(timeZone, y, month, day), to: zonedTime(timeZone, y, month, day + 1) }));
  const hour12 = Number(shown[4]);
  const minute = Number(shown[5]);
  if (hour12 < 1 || hour12 > 12 || minute > 59) return [];
  const hour = (hour12 % 12) + (shown[6] === 'p' ? 12 : 0);
  return days.map((y) => ({ from: zonedTime(timeZone, y, month, day, hour, minute), to: zonedTime(timeZone, y, month, day, hour, minute + 1) }));
};

/**
 * A list's search: undefined for no text (every row). `timeZone` is the viewer's, which the
 * list's dates are shown in; `now` says which years a date without one may mean.
 */
export const requestSearch = (query: string | undefined, timeZone = DISPLAY_TIME_ZONE, now = Date.now()): RequestSearch | undefined => {
  const text = (query ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  return {
    text,
    inReferences: couldBeInReference(text),
    formTypes: FORM_TYPES.filter((type) => type.includes(text) || FORM_TYPE_NAMES[type].toLowerCase().includes(text)),
    createdWithin: dateRanges(text, timeZone, now),
  };
};

/**
 * History's search as the document's call always made it (without paging): the reference
 * id, the type's code and the names contain the text; no type names, no dates.
 */
export const historySearchAsBefore = (query: string | undefined): RequestSearch | undefined => {
  const text = (query ?? '').toLowerCase();
  if (text === '') return undefined;
  return { text, inReferences: couldBeInReference(text), formTypes: FORM_TYPES.filter((type) => type.includes(text)), createdWithin: [] };
};

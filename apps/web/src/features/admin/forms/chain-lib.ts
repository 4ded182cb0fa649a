/**
 * The approval chain as the chain screen edits it: amounts as typed text and counts as typed
 * numbers, turned into the API's chain (pesos, whole counts) only when they read as such.
 * Whether the chain itself is sound is the shared chainProblem rule's answer, as on the server.
 */
import { chainProblem, formatPesos, type ApprovalChain } from '@ichat/shared';

export interface LevelDraft {
  approverIds: number[];
  needed: string;
}

export interface BandDraft {
  /** A stable key for the screen's list while bands are added and removed. */
  key: number;
  min: string;
  /** Empty: no upper limit. */
  max: string;
  level1: LevelDraft;
  level2: LevelDraft;
}

let nextKey = 1;
const newKey = () => nextKey++;

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/** Typed pesos ('50,000', '₱1,234.5') → a number of pesos, or null if it is not an amount. */
export const parsePesos = (text: string): number | null => {
  const cleaned = text.replace(/[₱,\s]/g, '');
  return AMOUNT.test(cleaned) ? Number(cleaned) : null;
};

/** Pesos as the fields show them: '50000', '50000.5' → '50000.50'. */
export const pesosText = (pesos: number): string => (Number.isInteger(pesos) ? String(pesos) : pesos.toFixed(2));

const levelDraft = (level: ApprovalChain['bands'][number]['level_1']): LevelDraft => ({
  approverIds: [...level.approver_ids],
  needed: String(level.needed),
});

export const draftsOf = (chain: ApprovalChain): BandDraft[] =>
  chain.bands.map((band) => ({
    key: newKey(),
    min: pesosText(band.min_amount),
    max: band.max_amount === null ? '' : pesosText(band.max_amount),
    level1: levelDraft(band.level_1),
    level2: levelDraft(band.level_2),
  }));

/** The band after the last: from a centavo above its upper limit, open-ended, with no approvers yet. */
export const bandAfter = (last: BandDraft | undefined): BandDraft => {
  const lastMax = last ? parsePesos(last.max) : null;
  return {
    key: newKey(),
    min: last === undefined ? '0' : lastMax === null ? '' : pesosText(Math.round(lastMax * 100 + 1) / 100),
    max: '',
    level1: { approverIds: [], needed: '1' },
    level2: { approverIds: [], needed: '0' },
  };
};

/** The band's name in messages and headings: '₱0.00 to ₱50,000.00', '₱50,000.01 and above'. */
export const bandRange = (band: BandDraft): string => {
  const min = parsePesos(band.min);
  const max = parsePesos(band.max);
  const from = min === null ? '?' : formatPesos(min);
  if (band.max.trim() === '') return `${from} and above`;
  return `${from} to ${max === null ? '?' : formatPesos(max)}`;
};

const parseCount = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The chain to send, or the first thing that stops it, in the words the server would use. */
export const chainOf = (drafts: readonly BandDraft[], hasAmounts: boolean): { chain: ApprovalChain } | { problem: string } => {
  const bands: ApprovalChain['bands'] = [];
  for (const [index, draft] of drafts.entries()) {
    const where = drafts.length > 1 ? ` of band ${index + 1}` : '';
    const min = parsePesos(draft.min);
    if (min === null) return { problem: `The lowest amount${where} is not an amount in pesos.` };
    const max = draft.max.trim() === '' ? null : parsePesos(draft.max);
    if (draft.max.trim() !== '' && max === null) return { problem: `The highest amount${where} is not an amount in pesos (leave it empty for no upper limit).` };
    const needed1 = parseCount(draft.level1.needed);
    const needed2 = parseCount(draft.level2.needed);
    if (needed1 === null || needed2 === null) return { problem: `How many must approve${where} must be a whole number.` };
    bands.push({
      min_amount: min,
      max_amount: max,
      level_1: { approver_ids: draft.level1.approverIds, needed: needed1 },
      level_2: { approver_ids: draft.level2.approverIds, needed: needed2 },
    });
  }
  const verdict = chainProblem(bands, { hasAmounts });
  return verdict ? { problem: verdict.message } : { chain: { bands } };
};

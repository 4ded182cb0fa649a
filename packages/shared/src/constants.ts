/**
 * Business constants and limits of both specification documents (000 §9 and 001 §9).
 * Both the server and the web client read them from here, so a limit is stated once.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Token lifetimes: 7 days with Remember Me, otherwise 2 hours (7 200 000 ms). */
export const TOKEN_LIFETIME_REMEMBER_MS = 7 * DAY;
export const TOKEN_LIFETIME_DEFAULT_MS = 2 * HOUR;

/** Polling and refresh intervals (000 §9). */
export const NOTIFICATION_POLL_MS = 120 * SECOND;
export const UNREAD_COUNT_POLL_MS = 60 * SECOND;
export const CONVERSATION_LIST_REFRESH_MS = 45 * SECOND;
export const THREAD_REFRESH_MS = 45 * SECOND;
export const PRESENCE_PING_MS = 60 * SECOND;
export const PRESENCE_PING_DELAY_MS = 3 * SECOND;
/** Presence changes are sent in batches this often (not one broadcast per change). */
export const PRESENCE_BATCH_MS = 2 * SECOND;
export const CONNECTION_CHECK_MS = 5 * SECOND;
export const TYPING_INDICATOR_MS = 1 * SECOND;
export const UNFOCUS_RELOAD_THRESHOLD_MS = 25 * SECOND;
export const SCROLL_AFTER_MESSAGE_MS = 300;
export const LOADER_DELAY_MS = 800;
export const LIST_LOADING_MS = 1 * SECOND;
export const TITLE_FLASH_MS = 2 * SECOND;

/** Socket client options (000 §9). */
export const SOCKET_TIMEOUT_MS = 20 * SECOND;
export const SOCKET_RECONNECTION_DELAY_MS = 1 * SECOND;
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 5 * SECOND;
export const SOCKET_RANDOMIZATION_FACTOR = 0.5;
/**
 * socket.io-client's reconnection with randomised backoff, as the web client and the tests'
 * clients use it: attempt n waits min(1 s × 2^n, 5 s) ± 50 %, so a restart's reconnects
 * spread out instead of arriving at once (docs/RELIABILITY.md, "A restart with 2 000
 * clients connected").
 */
export const SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
  randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
} as const;

/** Paging (000 §9). */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_GROWTH = 10;
export const CONVERSATION_PAGE_SIZE = 10;
export const CONVERSATION_PAGE_GROWTH = 5;
export const CONVERSATION_FILTERS = ['personal', 'group'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];
export const DEFAULT_CONVERSATION_FILTER: ConversationFilter = 'personal';

/** The request lists' pages (My Requests, Pending Approvals, History): the usual size and the largest. */
export const REQUEST_PAGE_SIZE = 20;
export const REQUEST_PAGE_MAX_LIMIT = 100;

/**
 * Attachment limit: 16 MB per file, checked while the upload streams. The original's
 * texts said 15 MB while its check said 16; here every text names the number the check uses
 * (spec README, "Decisions where the documents are ambiguous").
 */
export const ATTACHMENT_LIMIT_MB = 16;
export const ATTACHMENT_LIMIT_BYTES = ATTACHMENT_LIMIT_MB * 1024 * 1024;
export const IMAGE_RESIZE_MAX_PX = 800;
export const IMAGE_RESIZE_QUALITY = 0.6;

/** Preview truncation lengths (000 §9), each shown with an ellipsis. */
export const SIDEBAR_PREVIEW_LENGTH = 25;
export const NOTIFICATION_PREVIEW_LENGTH = 15;
export const REPLY_PREVIEW_LENGTH = 15;
export const FILE_NAME_PREVIEW_LENGTH = 15;
export const PINNED_BANNER_PREVIEW_LENGTH = 80;

/** Highlighting and scrolling (000 §9). */
export const HIGHLIGHT_PULSE_MS = 2500;
export const MESSAGE_LIST_HEIGHT_RATIO = 0.65;
export const SCROLL_THROTTLE_MS = 150;
export const SCRIPT_CHUNK_TIMEOUT_MS = 120 * SECOND;

/**
 * The mobile breakpoint: "120 times the root font size" with the original's 10 px root,
 * so 1200 CSS pixels (spec README).
 */
export const MOBILE_BREAKPOINT_PX = 1200;

/** Error pages count down 10 seconds before going home (001 §2, §9). */
export const ERROR_PAGE_COUNTDOWN_S = 10;

/** Requests side (001 §9). */
export const APPROVAL_LEVELS = 2;
export const REQUEST_LOADER_MS = 1 * SECOND;
export const LINE_COST_DEBOUNCE_MS = 1 * SECOND;
export const TOTAL_REFRESH_DEBOUNCE_MS = 500;
export const DASHBOARD_LOADER_MS = 1000;
export const DEFAULT_FORM_DATE_OFFSET_DAYS = 2;
export const CURRENCY = 'PHP';
export const CURRENCY_LOCALE = 'en-PH';
export const CURRENCY_DECIMALS = 2;
export const DISPLAY_TIME_ZONE = 'Asia/Manila';

/**
 * Login limits (docs/DECISIONS.md, "Login limits"). Every attempt is counted before the
 * password is checked; a right password takes back what its account and address counted.
 * - One account from one address: 10 attempts per 15 minutes, then wait out the window.
 * - One address over all accounts: 100 per 15 minutes (a spray of guesses).
 * - One account over all addresses: 10 free per hour, then a backoff before each next
 *   attempt that doubles from 1 s up to 1 minute, so guessing slows to one a minute but
 *   the owner is never shut out for long (and never from an address they signed in from).
 */
export const LOGIN_PAIR_LIMIT = 10;
export const LOGIN_PAIR_WINDOW_MS = 15 * MINUTE;
export const LOGIN_ADDRESS_LIMIT = 100;
export const LOGIN_ADDRESS_WINDOW_MS = 15 * MINUTE;
export const LOGIN_ACCOUNT_FREE_ATTEMPTS = 10;
export const LOGIN_ACCOUNT_WINDOW_MS = 60 * MINUTE;
export const LOGIN_ACCOUNT_BACKOFF_BASE_MS = 1 * SECOND;
export const LOGIN_ACCOUNT_BACKOFF_MAX_MS = 1 * MINUTE;
/** How long an address a person signed in from stays familiar (exempt from the backoff). */
export const LOGIN_FAMILIAR_ADDRESS_MS = 30 * DAY;

/** Account field limits. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const NAME_MAX_LENGTH = 60;
export const USERNAME_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 254;

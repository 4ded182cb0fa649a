/**
 * Visible texts of both specification documents. The web client renders these and the
 * server answers with them where a call's message is shown to the person, so the wording
 * lives in one place and tests assert against the same strings.
 */
export const TEXT = {
  appTitle: 'Internal Chat',
  headerTitle: 'Chat',
  /** The installed app (issue 19): its name under the icon, and the store-like description. */
  appShortName: 'Chat',
  appDescription: 'Workplace chat and request approvals',

  // Login (000 §2, §5, §8)
  loginHeading: 'Login to Your Account',
  loginBlank: 'Email Address & Password cannot be blank.',
  loginMaintenance: 'Server is under maintenance. Please try again later.',
  loginFailedTitle: 'Login Failed',
  loginSuccessful: 'Login Successful',
  loginInvalid: 'Invalid email address, username or password.',
  loginDeactivated: 'Your account has been deactivated. Please contact support.',

  // Sessions
  sessionExpired: 'Your session has ended. Please log in again.',
  mustChangePassword: 'Please change your password before you continue.',
  notSignedIn: 'Please log in to continue.',

  // Profile (000 §2)
  profileTitle: 'Personal Information',
  profileContactSupport: 'Contact support for information updates.',
  profileUpdated: 'User details updated.',

  // Change password (000 §5)
  passwordMismatch: "New Password & Confirm Password don't matched!",
  passwordFillInputs: 'Please fill out the inputs!',
  passwordChanged: 'Your password has been changed.',
  passwordChangedTitle: 'Success',
  passwordWrongOld: 'Your current password is incorrect.',
  passwordSameAsOld: 'Your new password must be different from your current password.',

  // Error dialog (000 §8, 001 §8)
  errorDialogTitle: 'Something went wrong',

  // Permissions (000 §6, 001 §8)
  permissionDenied: "You don't have enough permission to continue.",
  adminOnly: "You don't have enough permission to continue.",

  // Error pages (001 §2)
  notFoundTitle: 'Page Not Found',
  notFoundText: 'The page you are looking for could not be found or has been moved.',
  serverErrorTitle: 'Internal Server Error',
  serverErrorText: 'Sorry, we could not process your request. Please try again later.',
  goBackHome: 'Go Back Home',

  // Chat (000 §2, §4, §5, §8)
  noChatsFound: 'NO CHATS FOUND',
  emptyChat: 'Empty Chat: Choose a conversation or send something!',
  deletedChat: 'DELETED CHAT',
  emptyMessage: 'Message cannot be empty.',
  restrictedFromChatting: 'You are restricted from chatting in this conversation',
  noMembersFound: 'NO MEMBERS FOUND',
  noFilesFound: 'NO FILES FOUND',
  noActivityLogsFound: 'NO ACTIVITY LOGS FOUND',
  conversationCreated: 'Conversation created.',
  conversationUpdated: 'Conversation updated.',
  messageSent: 'Message sent!',
  pinThisMessage: 'Pin this message?',
  selectYourReaction: 'Select Your Reaction',
  unsupportedNotification: 'UNSUPPORTED NOTIFICATION TYPE. PLEASE CONTACT SUPPORT.',
  unknownActivity: 'Your conversation has been experiencing problems, please contact support.',
  socketTimeout: 'operation has timed out',
  socketDisconnected: 'socket has been disconnected',
  unreadTitle: (count: number) => `(${count}) New Messages`,
  unreadBrowserNotification: 'You have unread messages',

  // Requests (001 §2, §5, §8)
  noContent: 'No content available for this page.',
  selectFormFirst: 'Please select a form before proceeding.',
  fillRequired: 'Please fill out all required fields in red outline.',
  requestSubmitted: 'Your request has been submitted.',
  requestFoundInMyRequests: 'This can also be found in "My Requests" tab',
  chartEmpty: 'No data to display',
  chartLoading: 'Loading data…',

  // The installed app, pushes, edits and notification preferences (issue 19)
  offlineHeading: 'You are offline',
  offlineText: 'The server cannot be reached. Your messages and requests are safe; the app reconnects as soon as the server answers.',
  offlineRetry: 'Try again',
  offlineChecking: 'Checking…',
  newVersionReady: 'A new version of Internal Chat is ready.',
  newVersionReload: 'Reload',
  edited: 'edited',
  editHistoryTitle: 'Edit history',
  editSave: 'Save',
  editCancel: 'Cancel',
  editHint: 'Enter to save, Esc to cancel',
  editCurrentVersion: 'Current',
  notificationLevelTitle: 'Notifications for this conversation',
  notificationLevelMenu: 'Notifications',
  notificationLevels: { all: 'All messages', mentions: 'Mentions only', nothing: 'Nothing' },
  notificationLevelHelp: {
    all: 'Every new message sounds; mentions and direct messages are pushed.',
    mentions: 'Only mentions, @All and direct messages sound or are pushed.',
    nothing: 'Nothing sounds or is pushed. Unread counts and the bell still count.',
  },
  notificationSettingsHeading: 'Notifications',
  pushSwitch: 'Notifications on this browser',
  pushOnHelp: 'Direct messages, mentions and approvals arrive here while no tab of the app is open.',
  pushUnsupported: 'This browser cannot receive notifications from the app (no Push API here).',
  pushDenied: 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.',
  pushFailed: 'This browser could not subscribe to notifications. Try again later or use another browser.',
  pushPreviews: 'Show message text in notifications',
  doNotDisturb: 'Do not disturb',
  doNotDisturbUntil: (until: string) => `Do not disturb until ${until}`,
  doNotDisturbOff: 'Off',
  doNotDisturbEnd: 'Turn off',
  doNotDisturbChoices: { hour: 'For 1 hour', evening: 'Until 18:00', tomorrow: 'Until tomorrow 08:00' },
  quietHours: 'Quiet hours every day',
  quietHoursFrom: 'From',
  quietHoursTo: 'To',
  notificationSettingsSaved: 'Notification settings saved.',
} as const;

/** Activity log lines (000 §8) by action. */
export const ACTIVITY_LINES = {
  MUTE: 'have muted/unmuted',
  ADD: 'have added ... to the chat',
  REMOVE: 'removed ... from the chat',
  LEAVE: 'has left',
  DELETE: 'deleted a chat.',
  CREATE: 'created a group chat.',
  UPDATE: 'updated the group chat.',
  PIN: 'pinned/unpinned a message.',
} as const;

/** File-size texts: every text names the limit the server checks (spec README). */
export const fileTooLargeText = (fileName: string, limitMb: number): string =>
  `File ${fileName} exceeds ${limitMb}MB and will not be uploaded.`;
export const attachmentTooLargeText = (limitMb: number): string =>
  `File Attachment too large. Max: ${limitMb}MB`;
/** Upload quotas (admin settings): the person's own, and the company's in total. */
export const uploadQuotaUsedText = (quotaMb: number): string =>
  `You have used your ${quotaMb} MB of uploads. Delete old files or ask an administrator.`;
export const uploadTotalQuotaUsedText = (quotaMb: number): string =>
  `The company's ${quotaMb} MB of uploads are used up. Ask an administrator to make room.`;

/**
 * The server's own trouble, said as it is (issue 20): the database does not answer (503,
 * with Retry-After), or the disk holding DATA_DIR or the database is full (507). Nothing
 * of the call was stored in either case; the web client shows the sentence with the call's
 * EREF code (a send: EREF#00007), and the same call with the same client id may be repeated.
 */
export const SERVER_TROUBLE = {
  databaseUnavailable: 'The service is briefly unavailable: its database does not answer. Nothing was saved; please try again in a moment.',
  storageFull: "The server's storage is full, so nothing was saved. Please try again later, or tell an administrator.",
} as const;
/** Seconds a 503 asks the client to wait before trying again (Retry-After). */
export const DATABASE_UNAVAILABLE_RETRY_SECONDS = 2;

/** The login limit's refusal, naming the wait in whole seconds or minutes. */
export const loginThrottledText = (retryAfterSeconds: number): string => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${seconds <= 60 ? '' : 's'}`;
  return `Too many failed login attempts. Please try again in ${wait}.`;
};

/**
 * One activity-log line (000 §8). The document's lines name two alternatives with a slash
 * ('have muted/unmuted', 'pinned/unpinned'); the entry's detail says which happened, so the
 * line shows the one that did. '...' is the member acted on.
 */
export const activityLine = (
  action: string,
  actor: string,
  receiver: string | null,
  detail: string | null,
): string => {
  const other = receiver ?? 'a member';
  switch (action) {
    case 'MUTE':
      return `${actor} have ${detail === 'unmuted' ? 'unmuted' : 'muted'} ${other}`;
    case 'ADD':
      return `${actor} have added ${other} to the chat`;
    case 'REMOVE':
      return `${actor} removed ${other} from the chat`;
    case 'LEAVE':
      return `${actor} has left`;
    case 'DELETE':
      return `${actor} deleted a chat.`;
    case 'CREATE':
      return `${actor} created a group chat.`;
    case 'UPDATE':
      return `${actor} updated the group chat.`;
    case 'PIN':
      return `${actor} ${detail === 'unpinned' ? 'unpinned' : 'pinned'} a message.`;
    default:
      return TEXT.unknownActivity;
  }
};

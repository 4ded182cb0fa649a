export * from './refusal.js';
export * from './chat.js';
export * from './requests.js';
export * from './accounts.js';
export * from './notifications.js';

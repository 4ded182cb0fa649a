import { accountRoutes } from './accounts.js';
import { adminRoutes } from './admin.js';
import { assetRoutes } from './assets.js';
import { chatRoutes } from './chat.js';
import { notificationRoutes } from './notifications.js';
import { pushRoutes } from './push.js';
import { requestRoutes } from './requests.js';
import { systemRoutes } from './system.js';

export * from './define.js';
export { MAX_ATTACHMENTS_PER_MESSAGE } from './chat.js';
/**
 * The groups the web client's first page needs, also alone: a bundle that names only these
 * leaves every other group's schemas out (the login page, docs/DESIGN.md "Web delivery").
 */
export { accountRoutes, systemRoutes };

/** Every call of the product, by feature (docs/ARCHITECTURE.md, "One route table"). */
export const routes = {
  system: systemRoutes,
  accounts: accountRoutes,
  admin: adminRoutes,
  chat: chatRoutes,
  notifications: notificationRoutes,
  push: pushRoutes,
  requests: requestRoutes,
  assets: assetRoutes,
};

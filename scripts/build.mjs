// `npm run build`: install what is missing (build tools included, whatever NODE_ENV says),
// then build the server and the web client. `npm start` afterwards only starts.
import { ensureBuilt, ensureInstalled } from './lib.mjs';

ensureInstalled();
ensureBuilt();

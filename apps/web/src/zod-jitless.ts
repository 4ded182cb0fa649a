import { z } from 'zod';

// zod 4 builds fast object parsers with `new Function`, after probing whether eval is
// allowed; the page's CSP (script-src 'self') forbids it, and even the probe is reported
// as a violation. Each schema reads the setting when it is created, so this module must be
// evaluated before any module that builds one: main.tsx imports it first.
z.config({ jitless: true });

/**
 * zod for the shared schemas: import `z` from here, never from 'zod' (biome.json
 * enforces it). zod 4 compiles object validators with `new Function`, which the
 * app's CSP forbids in the browser (no 'unsafe-eval', decision 021); even its
 * probe for eval is reported as a violation. Jitless zod never tries. It must be
 * set before a schema is built, and every schema module imports this one first,
 * so that holds whatever chunk the bundler puts it in. The server keeps the JIT.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };

import { z } from 'zod';

// The dashboard's Content-Security-Policy allows no 'unsafe-eval' (web/vite.config.ts). Zod compiles fast
// object parsers with `new Function` after probing whether eval is allowed, and that probe alone is a CSP
// violation; jitless parsing never probes. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });

// The search reader's thread run from the sources (tests, `npm run dev`): TypeScript through tsx's
// loader, registered in this thread before the worker's module loads. The built server runs
// dist/search-worker.js instead.
import { register } from "tsx/esm/api";

register();
await import("./search.worker.ts");

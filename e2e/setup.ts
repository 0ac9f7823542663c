import { afterAll, afterEach, beforeAll } from "vitest";
import { pauseEventLoopWatch, watchEventLoop } from "./stalls";
import { photographFailure } from "./support";

// Each journey file's own: the journeys share their worker's modules (vitest.config.ts).
afterEach(photographFailure);
// A journey's worker blocked (its own heavy step) is noted beside the app's stalls (stalls.ts), from
// when its file's modules are loaded until its last test ends.
beforeAll(watchEventLoop);
afterAll(pauseEventLoopWatch);

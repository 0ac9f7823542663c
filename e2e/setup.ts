import { afterEach } from "vitest";
import { photographFailure } from "./support";

// Each journey file's own: the journeys share their worker's modules (vitest.config.ts).
afterEach(photographFailure);

/**
 * What the page and the service worker (client/sw) say to each other (decision 088). The worker
 * imports only core/, so the names live here.
 */

/** The worker's script, served from the site root so its scope is the whole app (docs/product.md). */
export const SERVICE_WORKER_URL = "/sw.js";

/** Page → waiting worker: take over now (the student chose "Reload to update"). */
export const SKIP_WAITING = "student-hub:skip-waiting";

/** Page → worker: forget the kept API reads (sign-out, another account signing in). */
export const CLEAR_READS = "student-hub:clear-reads";

/** Worker → page: a push arrived while the app was open (the card's Check Push State shows the last one). */
export const PUSH_RECEIVED = "student-hub:push-received";

/** Where the worker keeps the signed-in student's last API reads for offline use. */
export const READS_CACHE = "student-hub-reads";

/** The header on an API answer the worker served from its kept reads because the network failed. */
export const OFFLINE_COPY_HEADER = "x-student-hub-offline-copy";

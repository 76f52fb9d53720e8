import { E2E_PUSH_SERVICE_PORT } from "../playwright.config";
import { startTestPushService } from "../server/test/push-service";

/**
 * The browser suite's push service (server/test/push-service.ts), on a fixed port the server is
 * told to allow (PUSH_ALLOWED_ENDPOINT_ORIGINS in playwright.config.ts). Tests reach it over HTTP
 * (e2e/push-helpers.ts).
 */
export default async function globalSetup() {
  const service = await startTestPushService(E2E_PUSH_SERVICE_PORT);
  return () => service.close();
}

import { E2E_OIDC_PORT, E2E_PUSH_SERVICE_PORT, E2E_SSO_DOMAIN, E2E_SSO_PORT } from "../playwright.config";
import { startTestOidcProvider } from "../server/test/oidc-provider";
import { startTestPushService } from "../server/test/push-service";

/**
 * The browser suite's push service (server/test/push-service.ts), on a fixed port the server is
 * told to allow (PUSH_ALLOWED_ENDPOINT_ORIGINS in playwright.config.ts), and its OpenID provider
 * (server/test/oidc-provider.ts) for the single sign-on server: any login typed on its page is a
 * verified account of the school's domain, but "outsider", a consumer account from elsewhere.
 */
export default async function globalSetup() {
  const service = await startTestPushService(E2E_PUSH_SERVICE_PORT);
  const provider = await startTestOidcProvider({
    port: E2E_OIDC_PORT,
    redirectUris: ["google", "microsoft"].map((id) => `http://localhost:${E2E_SSO_PORT}/auth/sso/${id}/callback`),
    defaultDomain: E2E_SSO_DOMAIN,
    accounts: { outsider: { email: "outsider@gmail.com", email_verified: true, given_name: "Out", family_name: "Sider" } },
  });
  return async () => {
    await provider.close();
    await service.close();
  };
}

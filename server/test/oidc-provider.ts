import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID provider on 127.0.0.1 for the tests (decision 110): oidc-provider 9, certified, with
 * its development login page (any login, any password) standing in for Google's or Microsoft's.
 * It mints what they mint in the id_token: `email`, `email_verified`, names, Google's `hd` and
 * Entra's `tid`, as the test's accounts say. PKCE is required, as Google and Entra allow it.
 *
 * The login id typed on its page (or given to `completeSignIn`) is the account's key in `accounts`;
 * unknown ids sign in as themselves with a verified `<id>@<defaultDomain>` (a Workspace account
 * of that domain: `hd` too), example.com unless told.
 */

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  /** Google Workspace's hosted domain. */
  hd?: string;
  /** Microsoft Entra's tenant id. */
  tid?: string;
  /** The subject; the login id when absent. */
  sub?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account the login page accepts. */
  setAccount(login: string, account: TestAccount): void;
  /**
   * Signs `login` in through the provider as a browser would (its login form, with cookies), from
   * the authorization URL the app redirected to: answers the URL the provider sends the browser
   * back to (the app's callback, with `code` and `state`).
   */
  completeSignIn(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = "student-hub-test";
export const TEST_CLIENT_SECRET = "student-hub-test-secret-0123456789abcdef";

export async function startTestOidcProvider(options: {
  /** Where the app's callbacks are: every redirect URI these origins' /auth/sso/<id>/callback may name. */
  redirectUris: string[];
  port?: number;
  accounts?: Record<string, TestAccount>;
  defaultDomain?: string;
}): Promise<TestOidcProvider> {
  const defaultDomain = options.defaultDomain ?? "example.com";
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ["student-hub-test-provider-cookies"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // As Google and Entra do: the scopes' claims ride in the id_token itself.
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "hd", "tid"],
    },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 600, Grant: 600 },
    // No consent page: the school's provider has consented for its users.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? {
        email: `${id}@${defaultDomain}`,
        email_verified: true,
        hd: defaultDomain,
        given_name: id.charAt(0).toUpperCase() + id.slice(1),
        family_name: "Test",
      };
      return {
        accountId: id,
        async claims() {
          const { sub, ...claims } = account;
          return { sub: sub ?? id, email_verified: true, ...claims };
        },
      };
    },
  });
  server.on("request", provider.callback());

  async function completeSignIn(authorizationUrl: string, login: string): Promise<string> {
    const cookies = new Map<string, string>();
    const remember = (answer: Response) => {
      for (const line of answer.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, ...value] = pair!.split("=");
        cookies.set(name!.trim(), value.join("="));
      }
    };
    const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let url = authorizationUrl;
    let body: string | undefined;
    for (let step = 0; step < 10; step++) {
      if (!url.startsWith(issuer)) return url;
      const answer = await fetch(url, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie: cookieHeader(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        ...(body ? { body } : {}),
      });
      remember(answer);
      body = undefined;
      const location = answer.headers.get("location");
      if (location) {
        url = new URL(location, url).toString();
        continue;
      }
      const page = await answer.text();
      if (answer.status !== 200 || !/name="login"/.test(page))
        throw new Error(`the provider answered ${answer.status}: ${page.slice(0, 300)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error("the provider's login page has no form");
      url = new URL(action.replace(/&amp;/g, "&"), url).toString();
      body = new URLSearchParams({ prompt: "login", login, password: "any" }).toString();
    }
    throw new Error("the provider's sign-in did not finish in 10 steps");
  }

  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    setAccount: (login, account) => void accounts.set(login, account),
    completeSignIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { describe, expect, it } from "vitest";
import { loadConfig, parseOidcProviders, parseRegistrationMode } from "./config";

const google = { OIDC_GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", OIDC_GOOGLE_CLIENT_SECRET: "s3cret" };

describe("OIDC providers from the environment", () => {
  it("is empty when nothing is configured", () => {
    expect(parseOidcProviders({})).toEqual([]);
  });

  it("gives Google its issuer, label and the hd check from two variables", () => {
    expect(parseOidcProviders({ ...google, OIDC_GOOGLE_ALLOWED_DOMAINS: "Lincoln.example, students.lincoln.example" })).toEqual([
      {
        id: "google",
        issuer: "https://accounts.google.com",
        clientId: "id.apps.googleusercontent.com",
        clientSecret: "s3cret",
        label: "Sign in with Google",
        labelMessage: "server.sign_in_with_google",
        allowedDomains: ["lincoln.example", "students.lincoln.example"],
        allowedTenants: [],
        autoCreate: true,
        checksHostedDomain: true,
      },
    ]);
  });

  it("builds Microsoft's issuer from its tenant and reads any number of named providers", () => {
    const providers = parseOidcProviders({
      OIDC_MICROSOFT_TENANT: "organizations",
      OIDC_MICROSOFT_CLIENT_ID: "m",
      OIDC_MICROSOFT_CLIENT_SECRET: "ms",
      OIDC_MICROSOFT_ALLOWED_TENANTS: "9188040d-6c67-4c5b-b112-36a304b66dad",
      OIDC_SCHOOL_IDP_ISSUER: "https://idp.lincoln.example/",
      OIDC_SCHOOL_IDP_CLIENT_ID: "c",
      OIDC_SCHOOL_IDP_CLIENT_SECRET: "cs",
      OIDC_SCHOOL_IDP_LABEL: "Lincoln account",
      OIDC_SCHOOL_IDP_AUTO_CREATE: "false",
    });
    expect(providers.map((p) => [p.id, p.issuer, p.label, p.autoCreate, p.checksHostedDomain])).toEqual([
      ["microsoft", "https://login.microsoftonline.com/organizations/v2.0", "Sign in with Microsoft", true, false],
      ["school_idp", "https://idp.lincoln.example", "Lincoln account", false, false],
    ]);
    expect(providers[0]!.allowedTenants).toEqual(["9188040d-6c67-4c5b-b112-36a304b66dad"]);
  });

  it("refuses what would not work or would not be safe, naming the variable and never the secret", () => {
    expect(() => parseOidcProviders({ OIDC_GOOGLE_CLIENT_ID: "id" })).toThrow(/OIDC_GOOGLE_CLIENT_SECRET must be set/);
    expect(() => parseOidcProviders({ OIDC_MICROSOFT_CLIENT_ID: "m", OIDC_MICROSOFT_CLIENT_SECRET: "x" })).toThrow(/OIDC_MICROSOFT_TENANT/);
    expect(() => parseOidcProviders({ OIDC_X_CLIENT_ID: "c", OIDC_X_CLIENT_SECRET: "topsecret", OIDC_X_LABEL: "X" })).toThrow(
      /OIDC_X_ISSUER must be set/,
    );
    const plainHttp = { ...google, OIDC_GOOGLE_ISSUER: "http://idp.example.com" };
    expect(() => parseOidcProviders(plainHttp)).toThrow(/OIDC_GOOGLE_ISSUER must be an https: URL/);
    expect(() => parseOidcProviders({ ...google, OIDC_GOOGLE_AUTO_CREATE: "yes" })).toThrow(
      /OIDC_GOOGLE_AUTO_CREATE must be true or false/,
    );
    try {
      parseOidcProviders({ ...google, OIDC_GOOGLE_ISSUER: "ftp://x" });
    } catch (error) {
      expect(String(error)).not.toContain("s3cret");
    }
  });

  it("accepts an http: issuer on this machine only (tests, development)", () => {
    expect(parseOidcProviders({ ...google, OIDC_GOOGLE_ISSUER: "http://127.0.0.1:4010" })[0]!.issuer).toBe("http://127.0.0.1:4010");
    expect(parseOidcProviders({ ...google, OIDC_GOOGLE_ISSUER: "http://localhost:4010/" })[0]!.issuer).toBe("http://localhost:4010");
  });
});

describe("the sign-up policy and PUBLIC_URL", () => {
  it("reads REGISTRATION_MODE, open by default", () => {
    expect(parseRegistrationMode(undefined)).toBe("open");
    expect(parseRegistrationMode("SSO-ONLY")).toBe("sso-only");
    expect(parseRegistrationMode("closed")).toBe("closed");
    expect(() => parseRegistrationMode("invite")).toThrow(/REGISTRATION_MODE must be open, sso-only or closed/);
  });

  it("refuses to start with a provider and no PUBLIC_URL, or sso-only with no provider", () => {
    expect(() => loadConfig(google)).toThrow(/PUBLIC_URL must be set when a sign-in provider is configured/);
    expect(loadConfig({ ...google, PUBLIC_URL: "https://hub.lincoln.example" }).oidcProviders).toHaveLength(1);
    expect(() => loadConfig({ REGISTRATION_MODE: "sso-only" })).toThrow(/needs a sign-in provider/);
    expect(loadConfig({ REGISTRATION_MODE: "closed" }).registrationMode).toBe("closed");
  });
});

/**
 * Mail settings from the environment (issue 38, decision 115): SMTP_URL and MAIL_FROM. Without
 * SMTP_URL nothing is mailed and the app offers no forgot-password by email. Errors name the
 * variable, never the URL's password.
 */
export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465 (TLS from the start). */
  smtpUrl: string;
  /** The From of every mail: MAIL_FROM, else "Student Hub <no-reply@PUBLIC_URL's host>". */
  from: string;
}

/** What an SMTP_URL looks like, for the errors: the password is never repeated. */
function withoutPassword(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = "…";
  return copy.href;
}

export function parseMailConfig(env: NodeJS.ProcessEnv, publicUrl: string | null): MailConfig | null {
  const value = env.SMTP_URL?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("SMTP_URL must be a URL such as smtp://user:password@mail.lincoln.example:587 or smtps://…:465");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${withoutPassword(url)})`);
  }
  if (!url.hostname) throw new Error(`SMTP_URL must name the mail server's host (got ${withoutPassword(url)})`);
  // A reset link built from a request's Host header would let anyone make the mail point elsewhere.
  if (!publicUrl) {
    throw new Error(
      "PUBLIC_URL must be set when SMTP_URL is: the links in mails are built from it, e.g. PUBLIC_URL=https://hub.lincoln.example",
    );
  }
  const from = env.MAIL_FROM?.trim() || `Student Hub <no-reply@${new URL(publicUrl).hostname}>`;
  // An address in angle brackets, or a bare one; no line breaks (a header).
  if (/[\r\n]/.test(from) || !/^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(from)) {
    throw new Error(`MAIL_FROM must be an address, such as "Student Hub <hub@lincoln.example>" (got "${from}")`);
  }
  return { smtpUrl: value, from };
}

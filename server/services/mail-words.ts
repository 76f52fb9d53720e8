import type { Locale } from "../../core/i18n/locale";
import type { MailTemplate } from "../db/schema";
import { translator } from "../i18n";

/** What a mail of the outbox says (decision 115): worded from the catalog in the recipient's language when it is sent. */
export interface MailParams {
  /** The recipient's first name, for the greeting. */
  name: string;
  email: string;
  /** password-reset: PUBLIC_URL/reset-password?token=…; password-reset-sso: PUBLIC_URL/auth. */
  link: string;
  /** password-reset: how long the link works. */
  minutes?: number;
  /** guardian-invite and guardian-removed: the student's name, and how often the digest comes. */
  student?: string;
  frequency?: "daily" | "weekly";
  /** guardian-invite: how many days the confirmation link works. */
  days?: number;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The plain-text and HTML parts of a mail, from its paragraphs and its one link (none for a notice). */
function compose(
  locale: Locale,
  subject: string,
  before: string[],
  action: string | null,
  link: string | null,
  after: string[],
): RenderedMail {
  const footer = translator(locale)("server.mail_footer");
  const text = [...before, ...(link ? [link] : []), ...after, "--", footer].join("\n\n") + "\n";
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const button =
    action && link
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>` +
        `<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>`
      : "";
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">` +
    before.map(paragraph).join("") +
    button +
    after.map(paragraph).join("") +
    `<hr><p style="font-size:12px;color:#555">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}

export function renderMail(template: MailTemplate, locale: Locale, params: MailParams): RenderedMail {
  const t = translator(locale);
  const greeting = t("server.mail_greeting", { name: params.name });
  const notYou = t("server.mail_not_you");
  switch (template) {
    case "password-reset":
      return compose(
        locale,
        t("server.mail_reset_subject"),
        [greeting, t("server.mail_reset_intro", { email: params.email })],
        t("server.mail_reset_action"),
        params.link,
        [t("server.mail_reset_expiry", { minutes: params.minutes ?? 60 }), notYou],
      );
    case "password-reset-sso":
      return compose(
        locale,
        t("server.mail_sso_subject"),
        [greeting, t("server.mail_sso_intro", { email: params.email })],
        t("server.mail_sso_action"),
        params.link,
        [notYou],
      );
    case "guardian-invite":
      return compose(
        locale,
        t("server.mail_guardian_invite_subject", { student: params.student ?? "" }),
        [
          t("server.mail_guardian_greeting"),
          t("server.mail_guardian_invite_intro", { student: params.student ?? "", frequency: params.frequency ?? "weekly" }),
        ],
        t("server.mail_guardian_invite_action"),
        params.link,
        [t("server.mail_guardian_invite_expiry", { days: params.days ?? 7, student: params.student ?? "" })],
      );
    case "guardian-removed":
      return compose(
        locale,
        t("server.mail_guardian_removed_subject", { student: params.student ?? "" }),
        [t("server.mail_guardian_greeting"), t("server.mail_guardian_removed_text", { student: params.student ?? "" })],
        null,
        null,
        [],
      );
  }
}

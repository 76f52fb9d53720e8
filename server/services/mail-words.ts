import { formatDuration, formatShortDate, formatWeekdayDate } from "../../core/format";
import type { DigestItem, DigestList, GuardianDigest, SchoolNewsItem } from "../../core/guardian-digest";
import type { Locale } from "../../core/i18n/locale";
import type { Translate } from "../../core/i18n/translate";
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
  /** retention-notice: the day the account will be deleted (yyyy-MM-dd); `days` the policy's, `link` the sign-in page. */
  date?: string;
  /** guardian-digest: what it says (core/guardian-digest.ts); `link` is then the unsubscribe link. */
  digest?: GuardianDigest;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Headers of this mail besides those every mail carries: a digest's one-click unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** A mail's part: a paragraph, or a list under a heading (a digest's). */
type Block = string | { heading: string; items: string[] };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The plain-text and HTML parts of a mail, from its paragraphs and lists and its one link (none for a notice). */
function compose(
  locale: Locale,
  subject: string,
  before: Block[],
  action: string | null,
  link: string | null,
  after: Block[],
): RenderedMail {
  const footer = translator(locale)("server.mail_footer");
  const plain = (block: Block) =>
    typeof block === "string" ? block : [block.heading, ...block.items.map((item) => `- ${item}`)].join("\n");
  const text = [...before.map(plain), ...(link ? [link] : []), ...after.map(plain), "--", footer].join("\n\n") + "\n";
  const paragraph = (block: Block) =>
    typeof block === "string"
      ? `<p>${escapeHtml(block)}</p>`
      : `<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(block.heading)}</h2>` +
        `<ul style="margin:0;padding-left:20px">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
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
    case "guardian-digest":
      return digestMail(locale, params);
    case "retention-notice": {
      const date = formatShortDate(params.date ?? "", locale);
      return compose(
        locale,
        t("server.mail_retention_subject", { date }),
        [greeting, t("server.mail_retention_intro", { email: params.email, days: params.days ?? 0, date })],
        t("server.mail_retention_action"),
        params.link,
        [t("server.mail_retention_after"), notYou],
      );
    }
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

/** "Lab report (Chemistry), due Mon, Nov 30": a task or an exam by title, class and date, nothing else. */
function itemLine(t: Translate, locale: Locale, item: DigestItem, kind: "task" | "exam"): string {
  const date = formatWeekdayDate(item.date, locale);
  if (kind === "task")
    return item.subject
      ? t("server.mail_digest_task_subject", { title: item.title, subject: item.subject, date })
      : t("server.mail_digest_task", { title: item.title, date });
  return item.subject
    ? t("server.mail_digest_exam_subject", { title: item.title, subject: item.subject, date })
    : t("server.mail_digest_exam", { title: item.title, date });
}

/** "Science fair: Fri, Dec 4 to Sat, Dec 5". */
function newsLine(t: Translate, locale: Locale, item: SchoolNewsItem): string {
  const date = formatWeekdayDate(item.date, locale);
  return item.endDate
    ? t("server.mail_digest_news_range", { title: item.title, date, end: formatWeekdayDate(item.endDate, locale) })
    : t("server.mail_digest_news", { title: item.title, date });
}

/** A list under its heading with "and 3 more" after it; nothing for an empty one. */
function section<T>(t: Translate, heading: string, list: DigestList<T>, line: (item: T) => string): Block[] {
  if (list.items.length === 0) return [];
  const more = list.more > 0 ? [t("server.mail_digest_more", { count: list.more })] : [];
  return [{ heading, items: [...list.items.map(line), ...more] }];
}

/**
 * A guardian's digest (issue 54): what the student has due and missed, their exams and the
 * school's news, by title, class and date only, in the guardian's language; its one link is the
 * unsubscribe page, also offered to the mail app as a one-click unsubscribe (RFC 8058).
 */
function digestMail(locale: Locale, params: MailParams): RenderedMail {
  const t = translator(locale);
  const digest = params.digest!;
  const student = params.student ?? "";
  const when = formatWeekdayDate(digest.date, locale);
  const study = digest.study
    ? [
        {
          heading: t("server.mail_digest_study_heading"),
          items: [
            t("server.mail_digest_study", {
              frequency: digest.frequency,
              done: formatDuration(digest.study.doneMinutes, t),
              planned: formatDuration(digest.study.plannedMinutes, t),
              date: formatWeekdayDate(digest.until, locale),
            }),
          ],
        },
      ]
    : [];
  const mail = compose(
    locale,
    digest.frequency === "daily"
      ? t("server.mail_digest_subject_daily", { student, date: when })
      : t("server.mail_digest_subject_weekly", { student, date: when }),
    [
      t("server.mail_guardian_greeting"),
      t("server.mail_digest_intro", { student, frequency: digest.frequency }),
      ...section(t, t("server.mail_digest_overdue", { count: digest.overdue.items.length + digest.overdue.more }), digest.overdue, (i) =>
        itemLine(t, locale, i, "task"),
      ),
      ...section(t, t("server.mail_digest_due", { date: formatWeekdayDate(digest.until, locale) }), digest.due, (i) =>
        itemLine(t, locale, i, "task"),
      ),
      ...section(t, t("server.mail_digest_exams"), digest.exams, (i) => itemLine(t, locale, i, "exam")),
      ...section(t, t("server.mail_digest_school_events"), digest.schoolEvents, (i) => newsLine(t, locale, i)),
      ...section(t, t("server.mail_digest_days_off"), digest.daysOff, (i) => newsLine(t, locale, i)),
      ...section(t, t("server.mail_digest_announcements"), digest.announcements, (i) => newsLine(t, locale, i)),
      ...study,
      t("server.mail_digest_why", { student }),
    ],
    t("server.mail_digest_unsubscribe"),
    params.link,
    [],
  );
  return { ...mail, headers: { "List-Unsubscribe": `<${params.link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { Locale } from "../../core/i18n/locale";
import { createGuardianSchema, guardianSchema, updateGuardianSchema } from "../../core/schemas/guardians";
import { notFound, parseWith } from "../errors";
import { requireUser } from "../http/request-context";
import { translator } from "../i18n";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { GUARDIAN_NOT_FOUND, type GuardianLink } from "../services/guardians";

const guardianJson = responseSchema(guardianSchema);
const guardianListJson = responseSchema(z.array(guardianSchema));
const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const tokenQuery = z.object({ token: z.string().regex(/^[\w-]{43}$/) });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A guardian's page (no account, no app): a heading, a line, and maybe one button, in the
 * guardian's language, small enough to read on any phone. The button POSTs back to the same address.
 */
function page(
  reply: FastifyReply,
  locale: Locale,
  status: number,
  heading: string,
  text: string | null,
  button?: { label: string; action: string },
) {
  const t = translator(locale);
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}"><button type="submit" style="padding:10px 16px;background:#2563eb;color:#fff;border:0;border-radius:6px;font-size:16px">${escapeHtml(button.label)}</button></form>`
    : "";
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(heading)} · ${escapeHtml(t("server.guardian_page_title"))}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:36rem;margin:2rem auto;padding:0 1rem">` +
    `<p style="color:#555">${escapeHtml(t("server.guardian_page_title"))}</p><main><h1 style="font-size:1.5rem">${escapeHtml(heading)}</h1>` +
    (text ? `<p>${escapeHtml(text)}</p>` : "") +
    form +
    `</main></body></html>`;
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .send(html);
}

/** Parents and guardians (issue 54): the student's list, and the confirm and unsubscribe pages a guardian reaches from a mail. */
export default async function guardianRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { guardians } = services;

  await app.register(async (owner) => {
    setGuardDefaults(owner, { auth: "user" });
    const guardianId = (params: unknown) => {
      const parsed = idParams.safeParse(params);
      if (!parsed.success) throw notFound(GUARDIAN_NOT_FOUND);
      return parsed.data.id;
    };

    owner.get("/api/user/guardians", { schema: { response: { 200: guardianListJson } } }, async (request) =>
      guardians.list(requireUser(request).id),
    );

    owner.post("/api/user/guardians", { schema: { response: { 201: guardianJson } } }, async (request, reply) => {
      const data = parseWith(createGuardianSchema, request.body);
      return reply.code(201).send(await guardians.invite(requireUser(request), data));
    });

    owner.put("/api/user/guardians/:id", { schema: { response: { 200: guardianJson } } }, async (request) => {
      const id = guardianId(request.params);
      return guardians.update(requireUser(request).id, id, parseWith(updateGuardianSchema, request.body));
    });

    owner.delete("/api/user/guardians/:id", async (request, reply) => {
      await guardians.remove(requireUser(request), guardianId(request.params));
      return reply.code(204).send();
    });
  });

  // The guardian's pages: no session and no CSRF token (the link's token is the capability), a form
  // post or a mail app's one-click unsubscribe (RFC 8058, `List-Unsubscribe=One-Click`) as the body.
  await app.register(async (pages) => {
    setGuardDefaults(pages, { auth: "public", csrf: false });
    pages.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => done(null, body));
    const tokenOf = (query: unknown) => tokenQuery.safeParse(query).data?.token ?? null;
    const invalid = (reply: FastifyReply, locale: Locale) =>
      page(reply, locale, 404, translator(locale)("server.guardian_link_invalid"), null);
    const words = (link: GuardianLink) => ({ t: translator(link.guardian.locale), locale: link.guardian.locale });

    pages.get("/guardians/confirm", async (request, reply) => {
      const token = tokenOf(request.query);
      const link = token ? await guardians.confirmable(token) : null;
      if (!link) return invalid(reply, "en");
      const { t, locale } = words(link);
      return page(
        reply,
        locale,
        200,
        t("server.guardian_confirm_heading", { student: link.student }),
        t("server.guardian_confirm_text", { student: link.student, frequency: link.guardian.frequency }),
        { label: t("server.guardian_confirm_button"), action: `/guardians/confirm?token=${token}` },
      );
    });

    pages.post("/guardians/confirm", async (request, reply) => {
      const token = tokenOf(request.query);
      const link = token ? await guardians.confirm(token) : null;
      if (!link) return invalid(reply, "en");
      const { t, locale } = words(link);
      return page(reply, locale, 200, t("server.guardian_confirmed", { student: link.student }), null);
    });

    pages.get("/guardians/unsubscribe", async (request, reply) => {
      const token = tokenOf(request.query);
      const link = token ? await guardians.unsubscribable(token) : null;
      if (!link) return invalid(reply, "en");
      const { t, locale } = words(link);
      if (link.guardian.status === "unsubscribed")
        return page(reply, locale, 200, t("server.guardian_unsubscribed", { student: link.student }), null);
      return page(reply, locale, 200, t("server.guardian_unsubscribe_heading", { student: link.student }), null, {
        label: t("server.guardian_unsubscribe_button"),
        action: `/guardians/unsubscribe?token=${token}`,
      });
    });

    pages.post("/guardians/unsubscribe", async (request, reply) => {
      const token = tokenOf(request.query);
      const link = token ? await guardians.unsubscribe(token) : null;
      if (!link) return invalid(reply, "en");
      const { t, locale } = words(link);
      return page(reply, locale, 200, t("server.guardian_unsubscribed", { student: link.student }), null);
    });
  });
}

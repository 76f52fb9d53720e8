import { SHARE_PARAMS } from "@core/app-icon";
import { TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from "@core/schemas/task";

/** What a share becomes in quick add: the words for the title, the rest (the link above all) for the description. */
export type SharedTask = { text: string; description: string | null };

const LINK = /https?:\/\/\S+/;

/**
 * The task a share suggests, or null when the address carries no share. The title is the shared
 * title, else the first line of the text; the link (many apps put it in the text rather than in
 * `url`) and what else the text says go to the description.
 */
export function sharedTask(search: string): SharedTask | null {
  const params = new URLSearchParams(search);
  const title = params.get(SHARE_PARAMS.title)?.trim() ?? "";
  let text = params.get(SHARE_PARAMS.text)?.trim() ?? "";
  let url = params.get(SHARE_PARAMS.url)?.trim() ?? "";
  if (!title && !text && !url) return null;
  if (!url) {
    url = text.match(LINK)?.[0] ?? "";
    text = text.replace(url, "").trim();
  }
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const heading = title || lines.find(Boolean) || url;
  const rest = [title ? text : lines.filter(Boolean).slice(1).join("\n"), heading === url ? "" : url].filter(Boolean).join("\n");
  return {
    text: heading.replace(/\s+/g, " ").slice(0, TASK_TITLE_MAX),
    description: rest ? rest.slice(0, TASK_DESCRIPTION_MAX) : null,
  };
}

/** The address without the share's parameters: a reload does not share again. */
export function withoutShare(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(SHARE_PARAMS)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

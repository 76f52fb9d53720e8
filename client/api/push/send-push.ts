import type { PushSendResult } from "@core/schemas/push";
import { apiJson } from "@/lib/api/transport";

/** POST /api/push/send: to oneself anyone; to others an unlocked admin (decision 087). */
export function sendPush(input: { externalUserIds: Array<number | string>; title: string; body: string }): Promise<PushSendResult> {
  return apiJson<PushSendResult>("POST", "/api/push/send", input);
}

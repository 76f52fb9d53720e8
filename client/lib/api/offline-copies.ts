import { OFFLINE_COPY_HEADER } from "@core/service-worker";

/**
 * Which API paths were last answered by the service worker's kept copy because the network failed
 * (decision 088). An installed app opened offline starts from them, under the connection banner.
 */
const offlinePaths = new Set<string>();

export function noteAnswer(path: string, response: Response): void {
  if (response.headers.get(OFFLINE_COPY_HEADER) === "1") offlinePaths.add(path);
  else offlinePaths.delete(path);
}

export function answeredFromOfflineCopy(path: string): boolean {
  return offlinePaths.has(path);
}

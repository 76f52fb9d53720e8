// The server's entry point (`npm start` runs its build, dist-server/main.js). It checks the
// Node.js version first, with nothing else loaded yet: the app's own modules load only after it,
// so an unsupported Node.js gets one clear line instead of a crash inside a native module.
import { isSupportedNode, unsupportedNodeMessage } from "./node-version";

if (!isSupportedNode(process.version)) {
  console.error(unsupportedNodeMessage(process.version));
  process.exit(1);
}
await import("./serve");

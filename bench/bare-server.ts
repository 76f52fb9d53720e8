// The baseline: a bare Fastify route answering {}, so the app's figures read as ratios
// against what this machine does with no app code at all.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));

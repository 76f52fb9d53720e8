// Prints the landing page's markup (client/app/static/landing-page.tsx) for scripts/prerender-landing.ts,
// which runs it in its own Node process: the client's TSX and path aliases load through tsx there.
import { renderLandingMarkup } from "../client/app/static/landing-page.tsx";

process.stdout.write(renderLandingMarkup());

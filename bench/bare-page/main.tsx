// bench:web's bare page: the app's React (the same package, built by the same Vite and React
// plugin) rendering a single <div>. What it costs on this machine in a run is the floor every page
// of the app is measured against in that run: the app's own cost is what lies above it.
import { createRoot } from "react-dom/client";

// Its element is the page's <main>, so that the page has the landmark axe asks for (accessibility 100).
const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
createRoot(root).render(<div>Bare page</div>);

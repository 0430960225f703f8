/**
 * The entry script: the styles, and the app once the page can use it. It stays this small so that a page the build
 * rendered ahead of time (landing, sign-in) paints from its HTML and styles alone, with nothing else downloading:
 * the app's code is fetched right after that first paint. Other pages start it at once (their HTML preloads it).
 */
import { afterNextPaint } from "@/lib/after-paint";
import "@/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

const start = () => void import("@/app/start").then(({ startApp }) => startApp(container));

if (container.dataset.prerendered) afterNextPaint(start);
else start();

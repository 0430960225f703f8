import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "@/app/provider";
import { preloadScreen } from "@/app/preload-screen";
import { AppRouter } from "@/app/router";
import "@/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

preloadScreen(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

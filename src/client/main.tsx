import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Router } from "wouter";
import { App } from "./app/App";
import { readInitialPage } from "./features/public/initial-data";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    {/* the same tree as the server's (entry-server.tsx), which names the path there */}
    <Router>
      <App page={readInitialPage()} />
    </Router>
  </StrictMode>
);
// A public page arrives drawn by the server (decision 015): React takes over that HTML. Admin
// pages, and every page when the server has no SSR build, arrive empty and are drawn here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);

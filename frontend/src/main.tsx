import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { routes } from "@/app/routes";
import "./index.css";

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
const root = document.getElementById("root");

if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

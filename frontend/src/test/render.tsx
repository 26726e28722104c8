import type { QueryKey } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";

export type Seed = [QueryKey, unknown][];

/**
 * Renders a page at a URL with the app's real providers. `seed` puts API answers into the
 * query cache under their real keys (as the server's embedded data will); anything not seeded
 * is fetched for real, so tests that leave data out see the loading or error state.
 */
export function renderRoute(
  element: ReactElement,
  { path, url, seed = [] }: { path: string; url: string; seed?: Seed },
): RenderResult & { client: ReturnType<typeof createQueryClient>; router: ReturnType<typeof createMemoryRouter> } {
  const client = createQueryClient();
  for (const [key, data] of seed) client.setQueryData(key, data);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <p>Navigated away</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, client, router };
}

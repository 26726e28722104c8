import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { cityQueries } from "@/api/queries";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { johannesburg } from "@/pages/city-yards/test-fixtures";
import { answerJson, never, spyOnFetch } from "@/test/network";
import { Component as RedirectPage } from "./index";

const fetch = spyOnFetch();

function Landed() {
  const { pathname, search } = useLocation();
  return <p>Landed on {pathname + search}</p>;
}

/** The redirect page at its route, with the city yards route it sends people to. */
function renderRedirect(url: string, seedCity = false) {
  const client = createQueryClient();
  if (seedCity) client.setQueryData(cityQueries.detail("johannesburg").queryKey, johannesburg);
  const router = createMemoryRouter(
    [
      { path: "/scrap-yards/:citySlug", element: <RedirectPage /> },
      { path: "/:countryCode/:citySlug/scrap-yards", element: <Landed /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe("City yards redirect", () => {
  it("sends /scrap-yards/{city} to /{country}/{city}/scrap-yards, replacing the entry", async () => {
    const router = renderRedirect("/scrap-yards/johannesburg", true);
    expect(await screen.findByText("Landed on /za/johannesburg/scrap-yards")).toBeInTheDocument();
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("looks the city up and keeps the query string", async () => {
    fetch.mockImplementation(answerJson(johannesburg));
    renderRedirect("/scrap-yards/johannesburg?status=open");
    expect(await screen.findByText("Landed on /za/johannesburg/scrap-yards?status=open")).toBeInTheDocument();
    const [request] = fetch.mock.calls[0] ?? [];
    expect(request instanceof Request ? new URL(request.url).pathname : request).toBe("/api/cities/johannesburg");
  });

  it("shows a skeleton while the city loads", () => {
    fetch.mockImplementation(never);
    renderRedirect("/scrap-yards/johannesburg");
    expect(screen.getByRole("status")).toHaveTextContent("Loading scrap yards");
  });

  it("shows City Not Found for an unknown city", async () => {
    fetch.mockImplementation(answerJson({ message: "City 'atlantis' not found" }, 404));
    renderRedirect("/scrap-yards/atlantis");
    expect(await screen.findByRole("heading", { level: 1, name: "City Not Found" })).toBeInTheDocument();
    expect(screen.getByText("The city you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });

  it("offers a retry for other failures", async () => {
    fetch.mockImplementation(answerJson({ message: "Internal Server Error" }, 500));
    renderRedirect("/scrap-yards/johannesburg");
    expect(await screen.findByRole("alert")).toHaveTextContent("Internal Server Error");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

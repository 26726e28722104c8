import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { ADMIN, MODERATOR, page, RUN, renderConsole, sent, serve, WAIT } from "../test-fixtures";

const fetchSpy = spyOnFetch();

describe("import runs", () => {
  it("lists runs with a link to each", async () => {
    serve(fetchSpy, { "GET /api/auth/me": MODERATOR, "GET /api/admin/import-runs": page([RUN]) });
    renderConsole("/admin/imports");
    expect(await screen.findByRole("link", { name: RUN.fileName }, WAIT)).toHaveAttribute("href", "/admin/imports/5");
    expect(screen.getByText("Outliers: awaiting override (3)")).toBeInTheDocument();
  });

  it("shows the problem lines, and no Override button to a moderator", async () => {
    serve(fetchSpy, { "GET /api/auth/me": MODERATOR, "GET /api/admin/import-runs/5": RUN });
    renderConsole("/admin/imports/5");
    expect(await screen.findByText("line 4: copper 9x the current price", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Problem lines (3)" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Override" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Users" })).not.toBeInTheDocument();
  });

  it("lets an admin override a run awaiting it, with the CSRF header", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/import-runs/5": RUN,
      "POST /api/admin/import-runs/5/override": { ...RUN, status: "overridden", canOverride: false },
    });
    renderConsole("/admin/imports/5");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Override" }, WAIT));
    await waitFor(() => expect(sent(requests, "POST /api/admin/import-runs/5/override")).toHaveLength(1), WAIT);
    expect(sent(requests, "POST /api/admin/import-runs/5/override")[0]?.headers.get("X-CSRF-Token")).toBe("csrf-123");
    expect(screen.getByRole("link", { name: "Users" })).toBeInTheDocument();
  });

  it("says when the file of a run held back for outliers is not kept, and offers no override", async () => {
    const notKept = {
      ...RUN,
      canOverride: false,
      problems: [...RUN.problems, "file: too large to keep for an override (40 MB, the cap is 32 MB): …"],
    };
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/import-runs": page([notKept]),
      "GET /api/admin/import-runs/5": notKept,
    });
    renderConsole("/admin/imports");
    expect(await screen.findByText("Outliers: file not kept (3)", {}, WAIT)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("link", { name: RUN.fileName }));
    expect(await screen.findByText(/its file is not kept for an override/, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText("scrapindex prices import --allow-outliers")).toBeInTheDocument();
    expect(screen.getByText(/too large to keep for an override/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Override" })).not.toBeInTheDocument();
  });

  it("offers no override on a run that is not waiting for one", async () => {
    const overridden = { ...RUN, status: "overridden" as const, canOverride: false };
    serve(fetchSpy, { "GET /api/auth/me": ADMIN, "GET /api/admin/import-runs/5": overridden });
    renderConsole("/admin/imports/5");
    await screen.findByText("line 4: copper 9x the current price", {}, WAIT);
    expect(screen.queryByRole("button", { name: "Override" })).not.toBeInTheDocument();
    expect(screen.queryByText(/not kept/)).not.toBeInTheDocument();
  });
});

import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Tooltip } from "radix-ui";
import type { ReactNode } from "react";
import { Announcer } from "@/components/feedback/announcer";
import { Toaster } from "@/components/feedback/toaster";

// SPEC §9: tooltips open after 700 ms; moving between them within 300 ms skips the delay.
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <Announcer>
          <Toaster>{children}</Toaster>
        </Announcer>
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}

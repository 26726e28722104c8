import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Announcer } from "@/components/feedback/announcer";
import { Toaster } from "@/components/feedback/toaster";

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <Announcer>
        <Toaster>{children}</Toaster>
      </Announcer>
    </QueryClientProvider>
  );
}

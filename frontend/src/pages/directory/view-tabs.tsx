import { List, Map as MapIcon } from "lucide-react";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import type { DirectoryView } from "./directory-params";

const TRIGGER =
  "inline-flex h-9 items-center gap-2 rounded px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white";

type Props = {
  view: DirectoryView;
  onViewChange: (view: DirectoryView) => void;
  /** Shown beside the tab buttons. */
  summary: ReactNode;
  list: ReactNode;
  map: ReactNode;
};

/** List View / Map View tabs, list first (SPEC §2, §4). Only the chosen panel is mounted. */
export function ViewTabs({ view, onViewChange, summary, list, map }: Props) {
  return (
    <Tabs.Root
      value={view}
      onValueChange={(value) => onViewChange(value === "map" ? "map" : "list")}
      className="space-y-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {summary}
        <Tabs.List
          aria-label="Show scrap yards as"
          className="inline-flex self-start rounded-md border border-slate-300 bg-white p-0.5"
        >
          <Tabs.Trigger value="list" className={TRIGGER}>
            <List aria-hidden="true" className="h-4 w-4" />
            List View
          </Tabs.Trigger>
          <Tabs.Trigger value="map" className={TRIGGER}>
            <MapIcon aria-hidden="true" className="h-4 w-4" />
            Map View
          </Tabs.Trigger>
        </Tabs.List>
      </div>
      <Tabs.Content value="list" className="focus-visible:outline-2 focus-visible:outline-brand-700">
        {list}
      </Tabs.Content>
      <Tabs.Content value="map" className="focus-visible:outline-2 focus-visible:outline-brand-700">
        {map}
      </Tabs.Content>
    </Tabs.Root>
  );
}

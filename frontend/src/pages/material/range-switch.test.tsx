import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type HistoryRange, RANGE_DAYS } from "./history-range";
import { RangeSwitch } from "./range-switch";

function Harness({ onChange }: { onChange: (range: HistoryRange) => void }) {
  const [range, setRange] = useState<HistoryRange>("30d");
  return (
    <RangeSwitch
      value={range}
      onChange={(next) => {
        setRange(next);
        onChange(next);
      }}
    />
  );
}

describe("RangeSwitch", () => {
  it("is one labelled radio group with the four ranges", () => {
    render(<RangeSwitch value="90d" onChange={() => undefined} />);
    expect(screen.getByRole("group", { name: "Time range" })).toBeInTheDocument();
    expect(screen.getAllByRole("radio").map((radio) => radio.parentElement?.textContent)).toEqual([
      "30 days",
      "90 days",
      "1 year",
      "All",
    ]);
    expect(screen.getByRole("radio", { name: "90 days" })).toBeChecked();
  });

  it("changes by click and by arrow keys", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole("radio", { name: "1 year" }));
    expect(onChange).toHaveBeenLastCalledWith("1y");
    await user.keyboard("{ArrowLeft}");
    expect(onChange).toHaveBeenLastCalledWith("90d");
    expect(screen.getByRole("radio", { name: "90 days" })).toBeChecked();
    await user.tab();
    expect(screen.getByRole("radio", { name: "90 days" })).not.toHaveFocus();
  });

  it("asks the API for the days each range covers", () => {
    expect(RANGE_DAYS).toEqual({ "30d": 30, "90d": 90, "1y": 365, all: 3660 });
  });
});

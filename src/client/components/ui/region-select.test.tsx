import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { RegionSelect } from "./region-select";

function Harness({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="region">Where do you live?</label>
      <RegionSelect id="region" value={value} onChange={setValue} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

describe("RegionSelect", () => {
  it("picks a US state by name", async () => {
    render(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText("Where do you live?"), "North Carolina");
    expect(screen.getByLabelText("chosen")).toHaveTextContent("US-NC");
    expect(screen.queryByLabelText("Country")).not.toBeInTheDocument();
  });

  it("asks for a country after 'Outside the US', and clears the state", async () => {
    render(<Harness initial="US-NC" />);
    await userEvent.selectOptions(screen.getByLabelText("Where do you live?"), "Outside the US");
    expect(screen.getByLabelText("chosen")).toBeEmptyDOMElement();
    await userEvent.selectOptions(screen.getByLabelText("Country"), "Germany");
    expect(screen.getByLabelText("chosen")).toHaveTextContent("DE");
    expect(screen.getByLabelText("Where do you live?")).toHaveValue("outside");
  });

  it("shows a stored country as 'Outside the US' plus that country", () => {
    render(<Harness initial="JP" />);
    expect(screen.getByLabelText("Where do you live?")).toHaveValue("outside");
    expect(screen.getByLabelText("Country")).toHaveValue("JP");
  });
});

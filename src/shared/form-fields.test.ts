import { describe, expect, it } from "vitest";
import { fieldList, fieldText } from "./form-fields";

describe("posted form fields", () => {
  const fields = { name: "Jo", interests: ["shows", "merch"], empty: [] as string[] };
  it("reads a field as text: the first of a repeated one, '' when absent", () => {
    expect(fieldText(fields, "name")).toBe("Jo");
    expect(fieldText(fields, "interests")).toBe("shows");
    expect(fieldText(fields, "empty")).toBe("");
    expect(fieldText(fields, "missing")).toBe("");
    expect(fieldText(undefined, "name")).toBe("");
  });
  it("reads a repeated field as a list", () => {
    expect(fieldList(fields, "interests")).toEqual(["shows", "merch"]);
    expect(fieldList(fields, "name")).toEqual(["Jo"]);
    expect(fieldList(fields, "missing")).toEqual([]);
    expect(fieldList(undefined, "name")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { parseShowTime, tidyShowTime } from "./show-time";

describe("parseShowTime", () => {
  it.each([
    ["8:00 PM", "20:00"],
    ["8pm", "20:00"],
    ["8 p.m.", "20:00"],
    ["8.30PM", "20:30"],
    ["12 am", "00:00"],
    ["12:15 pm", "12:15"],
    ["20:00", "20:00"],
    ["20h30", "20:30"],
    ["9:00", "09:00"],
    ["Doors 7pm", "19:00"],
    ["Doors 7pm / show 8pm", "19:00"],
    ["Doors at 7:30 PM EST", "19:30"],
    ["Show 21:00", "21:00"],
    ["noon", "12:00"],
    ["Doors at eight", null],
    ["TBA", null],
    ["", null],
    ["13 pm", null],
    ["0 am", null],
    ["25:00", null],
    ["7:75 pm", null],
    ["$10 at the door", null],
  ])("%j -> %j", (input, expected) => {
    expect(parseShowTime(input)).toBe(expected);
  });
});

describe("tidyShowTime", () => {
  it("writes a time typed the short way as the site writes times", () => {
    expect(tidyShowTime("9pm")).toBe("9:00 PM");
    expect(tidyShowTime(" 9 p.m. ")).toBe("9:00 PM");
    expect(tidyShowTime("7:30am")).toBe("7:30 AM");
    expect(tidyShowTime("12.15 PM")).toBe("12:15 PM");
    expect(parseShowTime(tidyShowTime("9pm"))).toBe(parseShowTime("9pm"));
  });

  it("leaves anything else as typed", () => {
    for (const time of ["", "8:00 PM", "Doors 7pm, show 8pm", "21:00", "13pm", "9:75pm", "noon", "TBA"]) expect(tidyShowTime(time), time).toBe(time);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const put = (value: unknown) => t.request({ method: "PUT", url: "/api/settings/timezone", headers, payload: { value } as never });
const read = async () => (await t.request({ method: "GET", url: "/api/settings/timezone" })).json().data.value;

describe("timezone setting", () => {
  it("is unset at first (the site uses America/New_York), and stores a known zone under its canonical name", async () => {
    expect(await read()).toBeNull();
    const res = await put("europe/berlin");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Setting updated", data: { key: "timezone", value: "Europe/Berlin" } });
    expect(await read()).toBe("Europe/Berlin");
  });

  it.each(["Mars/Olympus_Mons", "America/New York", "EST5EDT; DROP TABLE", "+25:00"])("refuses %j with a 400 that names the zone and what to use", async (zone) => {
    const res = await put(zone);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors.value).toMatch(/^Unknown time zone '.+'\. Use an IANA name such as America\/New_York/);
    expect(body.message).toBe(`value: ${body.errors.value}`);
    expect(await read()).toBe("Europe/Berlin");
  });

  it("an empty value goes back to the default", async () => {
    expect((await put("")).statusCode).toBe(200);
    expect(await read()).toBe("");
  });
});

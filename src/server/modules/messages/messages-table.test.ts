import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.adminHeaders();
  const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
  // 60 messages, newest last; three of them mention a booking
  await t.database.db.insert(messages).values(
    Array.from({ length: 60 }, (_, i) => ({
      name: i === 7 ? null : `Fan ${String(i).padStart(2, "0")}`,
      email: `fan${i}@example.com`,
      messageType: i % 2 === 0 ? ("general" as const) : ("booking" as const),
      message: i % 20 === 5 ? "Can you play our Booking night?" : "Great show!",
      ip: "127.0.0.1",
      sentAt: at(i),
    })),
  );
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: "GET", url, headers });

describe("GET /api/admin/messages (the inbox table)", () => {
  it("without parameters answers the spec's plain list, newest first, with no page", async () => {
    const body = (await get("/api/admin/messages")).json();
    expect(Object.keys(body).sort()).toEqual(["data", "success"]);
    expect(body.data).toHaveLength(60);
    expect(body.data[0].email).toBe("fan59@example.com");
  });

  it("pages past 50 rows with the total", async () => {
    const first = (await get("/api/admin/messages?page=1")).json();
    expect(first.data).toHaveLength(50);
    expect(first.page).toEqual({ total: 60, page: 1, pageSize: 50 });
    const second = (await get("/api/admin/messages?page=2")).json();
    expect(second.data).toHaveLength(10);
    expect(second.data.at(-1).email).toBe("fan0@example.com");
    expect(second.page).toEqual({ total: 60, page: 2, pageSize: 50 });
  });

  it("searches name, address and text, case-insensitive; % is a letter", async () => {
    const body = (await get("/api/admin/messages?q=BOOKING")).json();
    expect(body.data.map((m: { email: string }) => m.email)).toEqual(["fan45@example.com", "fan25@example.com", "fan5@example.com"]);
    expect(body.page.total).toBe(3);
    expect((await get("/api/admin/messages?q=%25")).json().data).toEqual([]);
  });

  it("sorts by a column either way, names without a name last", async () => {
    const asc = (await get("/api/admin/messages?sort=name&dir=asc&pageSize=100")).json().data;
    expect(asc[0].name).toBe("Fan 00");
    expect(asc.at(-1).name).toBeNull();
    const desc = (await get("/api/admin/messages?sort=name&dir=desc&pageSize=3")).json();
    expect(desc.data.map((m: { name: string }) => m.name)).toEqual(["Fan 59", "Fan 58", "Fan 57"]);
    expect(desc.page).toEqual({ total: 60, page: 1, pageSize: 3 });
  });

  it("keeps one type (the inbox's tabs), with search and paging on top", async () => {
    const booking = (await get("/api/admin/messages?type=booking&pageSize=20")).json();
    expect(booking.page).toEqual({ total: 30, page: 1, pageSize: 20 });
    expect(booking.data.every((m: { messageType: string }) => m.messageType === "booking")).toBe(true);
    expect(booking.data[0].email).toBe("fan59@example.com");
    const second = (await get("/api/admin/messages?type=booking&pageSize=20&page=2")).json();
    expect(second.data).toHaveLength(10);
    expect(second.page).toEqual({ total: 30, page: 2, pageSize: 20 });
    expect(second.data.at(-1).email).toBe("fan1@example.com");
    // fan5, fan25 and fan45 mention a booking; all three wrote as booking (odd numbers)
    expect((await get("/api/admin/messages?type=booking&q=booking")).json().page.total).toBe(3);
    expect((await get("/api/admin/messages?type=general&q=booking")).json()).toEqual({ success: true, data: [], page: { total: 0, page: 1, pageSize: 50 } });
    expect((await get("/api/admin/messages?type=press")).json().page.total).toBe(0);
  });

  it("refuses bad parameters with a 400 naming the field", async () => {
    for (const [query, field] of [
      ["sort=ip", "sort"],
      ["dir=up", "dir"],
      ["page=0", "page"],
      ["pageSize=500", "pageSize"],
      ["type=spam", "type"],
    ]) {
      const res = await get(`/api/admin/messages?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it("stays admin only", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/messages?page=1" })).statusCode).toBe(401);
  });
});

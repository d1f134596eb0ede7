import { zodResolver } from "@hookform/resolvers/zod";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TextField } from "@client/components/ui/form-fields";
import { createQueryClient, urlQuery } from "./query-client";
import { applyServerErrors, useResourceMutation } from "./resource";

interface Show {
  id: number;
  venue: string;
}

/** A tiny fake server: GET /api/shows lists, DELETE /api/shows/:id removes (or fails when told). */
function fakeServer() {
  let shows: Show[] = [
    { id: 1, venue: "The Pinhook" },
    { id: 2, venue: "Local 506" },
  ];
  const state = { failDelete: false };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "GET" && url === "/api/shows") return json(200, { success: true, data: shows });
    const m = /^\/api\/shows\/(\d+)$/.exec(url);
    if (method === "DELETE" && m) {
      if (state.failDelete) return json(500, { success: false, message: "Internal Server Error" });
      shows = shows.filter((s) => s.id !== Number(m[1]));
      return json(200, { success: true, message: "Show deleted" });
    }
    if (method === "POST" && url === "/api/shows") {
      return json(400, { success: false, message: "venue: Venue is required", errors: { venue: "Venue is required" } });
    }
    return json(404, { success: false, message: "Not found" });
  });
  return { fetchMock, state };
}

function ShowList() {
  const shows = useQuery(urlQuery<Show[]>("/api/shows"));
  const remove = useResourceMutation<number>({
    method: "DELETE",
    url: (id) => `/api/shows/${id}`,
    invalidate: ["/api/shows"],
    successToast: "Show deleted",
    errorToast: "Failed to delete show. Please try again.",
  });
  if (shows.isLoading) return <p>Loading</p>;
  return (
    <ul>
      {shows.data?.map((s) => (
        <li key={s.id}>
          {s.venue}
          <button type="button" onClick={() => remove.mutate(s.id)} disabled={remove.isPending}>
            Delete {s.venue}
          </button>
        </li>
      ))}
    </ul>
  );
}

function renderWithClient(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal("fetch", server.fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const getCalls = () => server.fetchMock.mock.calls.filter(([, init]) => (init?.method ?? "GET") === "GET").length;

describe("useResourceMutation", () => {
  it("deletes, refetches the invalidated list and toasts success", async () => {
    renderWithClient(<ShowList />);
    await screen.findByText("Local 506");
    expect(getCalls()).toBe(1);

    await userEvent.click(screen.getByRole("button", { name: "Delete Local 506" }));

    expect(await screen.findByText("Show deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Local 506")).not.toBeInTheDocument());
    expect(screen.getByText("The Pinhook")).toBeInTheDocument();
    expect(getCalls()).toBe(2);
    const deleteCall = server.fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE")!;
    expect(deleteCall[0]).toBe("/api/shows/2");
    expect(deleteCall[1]?.body).toBeUndefined();
  });

  it("toasts 'Error' with the spec's description on failure and keeps the list", async () => {
    server.state.failDelete = true;
    renderWithClient(<ShowList />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Local 506" }));

    expect(await screen.findByText("Failed to delete show. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Local 506")).toBeInTheDocument();
    expect(getCalls()).toBe(1);
  });
});

const showInput = z.object({ venue: z.string() });
function CreateForm() {
  const form = useForm<{ venue: string }>({ resolver: zodResolver(showInput), defaultValues: { venue: "" } });
  const create = useResourceMutation<{ venue: string }>({
    method: "POST",
    url: "/api/shows",
    invalidate: ["/api/shows"],
    errorToast: "Failed to create show. Please try again.",
    onError: (err) => applyServerErrors(err, form.setError),
  });
  return (
    <form onSubmit={form.handleSubmit((v) => create.mutate(v))} noValidate>
      <TextField control={form.control} name="venue" label="Venue" />
      <button type="submit">Create Show</button>
    </form>
  );
}

describe("applyServerErrors", () => {
  it("puts the server's 400 field errors under the matching fields", async () => {
    renderWithClient(<CreateForm />);
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await screen.findByText("Venue is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Venue")).toHaveAccessibleDescription("Venue is required");
    expect(screen.getByLabelText("Venue")).toHaveAttribute("aria-invalid", "true");
    expect(await screen.findByText("Failed to create show. Please try again.")).toBeInTheDocument();
    const post = server.fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ venue: "" });
  });
});

describe("a create sent again (Idempotency-Key, decision 047)", () => {
  const postKeys = () => server.fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => (init?.headers as Record<string, string>)["Idempotency-Key"]);

  it("the same values sent again after no answer carry the same key; other values, or a create after a saved one, a new key", async () => {
    // the first try gets no answer (the network dropped it, or the client gave up after 10 s)
    server.fetchMock.mockImplementationOnce(async () => {
      throw new TypeError("Failed to fetch");
    });
    renderWithClient(<CreateForm />);
    await userEvent.type(screen.getByLabelText("Venue"), "Cat's Cradle");
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await screen.findByText("Failed to create show. Please try again.")).toBeInTheDocument();
    // try again, as the toast says: this time the server answers (400 from the fake server)
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() => expect(postKeys()).toHaveLength(2));
    const [first, again] = postKeys();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(first);

    await userEvent.type(screen.getByLabelText("Venue"), " Back Room");
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() => expect(postKeys()).toHaveLength(3));
    expect(postKeys()[2]).not.toBe(first);

    // saved on the next try (same values, same key); the same values once more are a new show
    server.fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ success: true, data: { id: 9 } }), { status: 201, headers: { "content-type": "application/json" } }));
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() => expect(postKeys()).toHaveLength(4));
    expect(postKeys()[3]).toBe(postKeys()[2]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Create Show" })).toBeEnabled());
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() => expect(postKeys()).toHaveLength(5));
    expect(postKeys()[4]).not.toBe(postKeys()[3]);
  });

  it("other writes go without one", async () => {
    renderWithClient(<ShowList />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Local 506" }));
    await screen.findByText("Show deleted");
    const del = server.fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE")!;
    expect((del[1]?.headers as Record<string, string>)["Idempotency-Key"]).toBeUndefined();
  });
});

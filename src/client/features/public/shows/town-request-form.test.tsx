import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "@client/test/render-admin-page";
import { FormAnswerContext } from "@client/lib/form-answer";
import { TownRequestForm } from "./town-request-form";

afterEach(() => vi.unstubAllGlobals());

describe("'Want us in your town?' (issue 24)", () => {
  it("asks for a town, sends it with the optional address, and thanks", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/town-requests": () => json(200, { success: true, message: "Thanks! We'll keep your town in mind." }) });
    render(<TownRequestForm />);
    expect(screen.getByRole("heading", { name: "Want us in your town?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tell us" }));
    expect(screen.getByText("Please tell us your town")).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.type(screen.getByLabelText(/Your town/), "Asheville, NC");
    await user.type(screen.getByLabelText(/Email/), "fan@example.com");
    await user.click(screen.getByRole("button", { name: "Tell us" }));
    await waitFor(() => expect(writes()[0].body).toEqual({ place: "Asheville, NC", email: "fan@example.com", website: "" }));
    expect(await screen.findByText(/Check your email to confirm/)).toBeInTheDocument();
  });

  it("without JavaScript it is an ordinary form, and the page that comes back shows the server's answer", () => {
    const { container, unmount } = render(<TownRequestForm />);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/town-requests#town-request");
    expect([...form.querySelectorAll("input[name]")].map((i) => i.getAttribute("name"))).toEqual(expect.arrayContaining(["place", "email", "website", "page"]));
    unmount();

    const refused = { form: "town" as const, page: "/", ok: false, message: "place: Please tell us your town", errors: { place: "Please tell us your town" }, values: { place: "x", email: "fan@example.com" } };
    const again = render(
      <FormAnswerContext value={refused}>
        <TownRequestForm />
      </FormAnswerContext>,
    );
    expect(screen.getByText("Please tell us your town")).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue("fan@example.com");
    again.unmount();

    render(
      <FormAnswerContext value={{ form: "town", page: "/", ok: true, message: "Thanks! We'll keep your town in mind.", values: { place: "Wilmington", email: "fan@example.com" } }}>
        <TownRequestForm />
      </FormAnswerContext>,
    );
    expect(screen.getByText(/Check your email to confirm/)).toBeInTheDocument();
  });
});

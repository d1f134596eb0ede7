import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fakeApi } from "@client/test/render-admin-page";
import { App } from "./App";
import { preloadPage } from "./public-routes";

afterEach(() => vi.unstubAllGlobals());

function at(path: string) {
  fakeApi({});
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <App />
    </Router>,
  );
}

describe("the public router (the rows of src/shared/pages.ts)", () => {
  it("draws each row's page at its path, with its parameters", async () => {
    at("/thanks/subscribe");
    // the page reads its ":form" parameter: the subscribe thanks, not the default (contact)
    expect(await screen.findByText("Thanks for subscribing!")).toBeInTheDocument();
    expect(screen.getByText("Mailing list")).toBeInTheDocument();
  });

  it("a lazy page arrives; a path that is no page draws the 404 page", async () => {
    const shows = at("/shows");
    expect(await screen.findByText("Upcoming Shows")).toBeInTheDocument();
    shows.unmount();
    at("/no-such-page");
    expect(await screen.findByText("404 Page Not Found")).toBeInTheDocument();
  });

  it("preloads the chunk of the page the server drew, and nothing for the home page or a path that is no page", async () => {
    expect(await preloadPage("/lyrics/7")).toMatchObject({ default: expect.any(Function) });
    expect(await preloadPage("/thanks/contact")).toMatchObject({ default: expect.any(Function) });
    expect(await preloadPage("/")).toBeUndefined();
    expect(await preloadPage("/no-such-page")).toBeUndefined();
  });
});

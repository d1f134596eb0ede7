import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeNewsletterHtml } from "../../mail/html";
import { newsletterLinks, withCountedLinks } from "./links";

const stored = (content: string) => {
  const contentHtml = sanitizeNewsletterHtml(content);
  return { subject: "Hi", contentHtml, contentText: htmlToText(contentHtml) };
};

describe("a newsletter's numbered links (issue 23)", () => {
  const words = stored(
    `<p><a title='say "hi" > bye' href="https://a.example/x?b=1&c=2">one</a> <a href="mailto:band@band.example">mail</a> <a href="/shows">shows</a>` +
      ` <a href="HTTP://B.example">two</a> <a>none</a> <a href="https://c.example/é ü">three</a> <a href="https://a.example/x?b=1&c=2">again</a></p>`,
  );

  it("numbers the http(s) links in order, as the browser reads them; mail, relative and empty links have no number", () => {
    expect(newsletterLinks(words.contentHtml)).toEqual(["https://a.example/x?b=1&c=2", "http://b.example/", "https://c.example/%C3%A9%20%C3%BC", "https://a.example/x?b=1&c=2"]);
    expect(newsletterLinks("<p>no links</p>")).toEqual([]);
  });

  it("points link n at /go/newsletter/{id}/{n} in the HTML and the text, and leaves the others and the stored words alone", () => {
    const counted = withCountedLinks(words, 7, "https://band.example");
    const go = (n: number) => `https://band.example/go/newsletter/7/${n}`;
    expect(counted.contentHtml.match(/href="[^"]*"/g)).toEqual([`href="${go(0)}"`, 'href="mailto:band@band.example"', 'href="/shows"', `href="${go(1)}"`, `href="${go(2)}"`, `href="${go(3)}"`]);
    // the title is untouched, quotes and all
    expect(counted.contentHtml).toContain('title="say &quot;hi&quot; &gt; bye"');
    expect(counted.contentText).toContain(`one (${go(0)})`);
    expect(counted.contentText).toContain(`again (${go(3)})`);
    expect(counted.contentText).not.toContain("a.example");
    expect(counted.subject).toBe("Hi");
    // the function the route uses still finds the same links in the stored words
    expect(words.contentHtml).toContain('href="https://a.example/x?b=1&amp;c=2"');
    // nothing to count: the same words
    const plain = stored("Just words, https://not-a-link.example");
    expect(withCountedLinks(plain, 7, "https://band.example")).toBe(plain);
  });
});

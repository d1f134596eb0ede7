import { render } from "@testing-library/react";
import { expect, it } from "vitest";
import { EmailAddress } from "./email-address";

it("offers line breaks before the '@' and after each dot only, and reads as the address (issue 21)", () => {
  const { container } = render(<EmailAddress address="jamie.hollowell@tarriverstatic.example" />);
  const span = container.firstElementChild!;
  expect(span.textContent).toBe("jamie.hollowell@tarriverstatic.example");
  expect(span.innerHTML).toBe("jamie.<wbr>hollowell<wbr>@tarriverstatic.<wbr>example");
});

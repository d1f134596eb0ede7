import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { todayIso } from "@shared/format";
import { Button } from "./button";
import { DateField, NumberField, SelectField, SwitchField, TextField } from "./form-fields";

const schema = z.object({
  venue: z.string().min(1, "Venue is required"),
  price: z.number().positive("Price must be positive"),
  category: z.string().min(1, "Category is required"),
  date: z.string().min(1, "Please select a date"),
  isActive: z.boolean(),
});
type Values = z.infer<typeof schema>;

function ShowForm({ onSubmit, defaults }: { onSubmit: (v: Values) => void; defaults?: Partial<Values> }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { venue: "", price: 0, category: "", date: "", isActive: true, ...defaults },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <TextField control={form.control} name="venue" label="Venue" placeholder="Venue name" hint="Where it happens" />
      <NumberField control={form.control} name="price" label="Price" step={0.01} min={0} />
      <SelectField
        control={form.control}
        name="category"
        label="Category"
        placeholder="Select a category"
        options={[
          { value: "apparel", label: "Apparel" },
          { value: "home", label: "Home" },
        ]}
      />
      <DateField control={form.control} name="date" label="Date" disablePast />
      <SwitchField control={form.control} name="isActive" label="Active" />
      <Button type="submit">Create Show</Button>
    </form>
  );
}

describe("form fields", () => {
  it("shows the zod message after submit and links it with aria-describedby", async () => {
    const onSubmit = vi.fn();
    render(<ShowForm onSubmit={onSubmit} />);
    const venue = screen.getByLabelText("Venue");
    expect(venue).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Venue is required")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));

    expect(await screen.findByText("Venue is required")).toBeInTheDocument();
    expect(venue).toHaveAttribute("aria-invalid", "true");
    expect(venue).toHaveAccessibleDescription("Where it happens Venue is required");
    expect(screen.getByLabelText("Price")).toHaveAccessibleDescription("Price must be positive");
    expect(screen.getByLabelText("Category")).toHaveAccessibleDescription("Category is required");
    expect(screen.getByLabelText("Date")).toHaveAccessibleDescription("Please select a date");
    expect(onSubmit).not.toHaveBeenCalled();

    // re-validates on change after the first submit
    await userEvent.type(venue, "The Pinhook");
    expect(screen.queryByText("Venue is required")).not.toBeInTheDocument();
    expect(venue).not.toHaveAttribute("aria-invalid");
  });

  it("submits typed values: number parsed, blank number becomes 0, option and date picked with the pointer", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<ShowForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Venue"), "Local 506");
    const price = screen.getByLabelText("Price");
    await user.clear(price);
    await user.type(price, "12.5");

    await user.click(screen.getByLabelText("Category"));
    await user.click(await screen.findByRole("option", { name: "Home" }));
    expect(screen.getByLabelText("Category")).toHaveTextContent("Home");

    await user.click(screen.getByLabelText("Date"));
    const grid = await screen.findByRole("grid");
    // yesterday (if in this month) is disabled; today can be picked
    const today = new Date();
    const todayCell = within(grid).getByRole("button", { name: new RegExp(`${today.getDate()}(st|nd|rd|th)?,? ${today.getFullYear()}|Today`) });
    await user.click(todayCell);
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();

    await user.click(screen.getByRole("switch", { name: "Active" }));
    await user.click(screen.getByRole("button", { name: "Create Show" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0][0]).toEqual({ venue: "Local 506", price: 12.5, category: "home", date: todayIso(), isActive: false });

    await user.clear(price);
    await user.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await screen.findByText("Price must be positive")).toBeInTheDocument(); // blank -> 0 -> not positive
  });

  it("is keyboard operable: select opens and picks with arrows and Enter, switch toggles with Space", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<ShowForm onSubmit={onSubmit} defaults={{ venue: "Local 506", price: 10, date: "2099-01-01" }} />);
    screen.getByLabelText("Category").focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("listbox");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(screen.getByLabelText("Category")).toHaveTextContent("Home");
    screen.getByRole("switch", { name: "Active" }).focus();
    await user.keyboard(" ");
    expect(screen.getByRole("switch", { name: "Active" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Create Show" }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ category: "home", isActive: false });
  });

  it("disables days before today in the date picker", async () => {
    const user = userEvent.setup();
    render(<ShowForm onSubmit={() => {}} />);
    await user.click(screen.getByLabelText("Date"));
    const grid = await screen.findByRole("grid");
    const days = within(grid).getAllByRole("button");
    const todayIndex = days.findIndex((d) => d.closest("td")?.getAttribute("data-today") === "true");
    expect(todayIndex).toBeGreaterThanOrEqual(0);
    expect(days[todayIndex]).toBeEnabled();
    if (todayIndex > 0) expect(days[todayIndex - 1]).toBeDisabled();
  });

  it("shows an externally set value (reset / Quick Fill) in the number and date fields", () => {
    render(<ShowForm onSubmit={() => {}} defaults={{ price: 25.99, date: "2025-01-05" }} />);
    expect(screen.getByLabelText("Price")).toHaveValue(25.99);
    expect(screen.getByLabelText("Date")).toHaveTextContent("Jan 5, 2025");
  });
});

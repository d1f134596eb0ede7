import { PlaceholderPage } from "../components/placeholder-page";

// Placeholder until this resource's screens are built.
export default function AudioPage() {
  return <PlaceholderPage title="Audio" />;
}

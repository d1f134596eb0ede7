import { PlaceholderPage } from "../components/placeholder-page";

// Placeholder until this resource's screens are built.
export default function VideoFormPage() {
  return <PlaceholderPage title="Videos" />;
}

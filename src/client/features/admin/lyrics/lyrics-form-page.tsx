import { PlaceholderPage } from "../components/placeholder-page";

// Placeholder until this resource's screens are built.
export default function LyricsFormPage() {
  return <PlaceholderPage title="Lyrics" />;
}

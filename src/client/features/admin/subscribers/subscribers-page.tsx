import { PlaceholderPage } from "../components/placeholder-page";

// Placeholder until this resource's screens are built.
export default function SubscribersPage() {
  return <PlaceholderPage title="Subscribers" />;
}

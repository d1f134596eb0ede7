import { PageHeader } from "@client/components/ui/page-header";

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div>
      <PageHeader title={title} subtitle="This screen is being built." />
    </div>
  );
}

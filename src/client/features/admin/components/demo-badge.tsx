import { useQuery } from "@tanstack/react-query";
import { demoContentApi, type DemoContent, type DemoResource } from "@shared/api/demo-content";
import { Badge } from "@client/components/ui/badge";
import { urlQuery } from "@client/lib/query-client";

/** The ids of the rows still as the demo seed wrote them (the dashboard removes them all). */
export const useDemoContent = () => useQuery(urlQuery<DemoContent>(demoContentApi.status));

/** 'Demo content' next to a row's name in an admin list, while that row is the demo seed's. */
export function DemoBadge({ resource, id }: { resource: DemoResource; id: number }) {
  const { data } = useDemoContent();
  if (!data?.[resource]?.includes(id)) return null;
  return (
    <Badge variant="amber" title="This is demo content: remove it all from the Dashboard, or edit it to make it yours">
      Demo content
    </Badge>
  );
}

import { Calendar, Inbox, Mail, Shirt, Video as VideoIcon } from "lucide-react";
import { DASHBOARD_LIST_SIZE } from "@shared/constants";
import { formatDate, formatPrice, todayIso } from "@shared/format";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { PageHeader } from "@client/components/ui/page-header";
import { useDashboardCounts, useDashboardMerchandise, useDashboardShows, useDashboardVideos } from "./api";
import { BackupLine } from "./backup-line";
import { DemoContentCard } from "./demo-content-card";
import { SetupChecklist } from "./setup-checklist";
import { CountCard } from "./count-card";
import { DashboardList } from "./dashboard-list";

/** /admin: counts, the next shows, featured merchandise and active videos (three of each). */
export default function DashboardPage() {
  const shows = useDashboardShows();
  const merch = useDashboardMerchandise();
  const videos = useDashboardVideos();
  const people = useDashboardCounts();

  const today = todayIso();
  // The list is sorted by date, so the first upcoming ones are the soonest.
  const upcoming = shows.data?.filter((s) => s.date >= today);
  const featured = merch.data?.filter((m) => m.isFeatured);
  const active = videos.data?.filter((v) => v.isActive);

  return (
    <div>
      <PageHeader title="Dashboard" subtitle="An overview of the website's content and activity." />
      <section aria-label="Counts" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5">
        <CountCard label="Upcoming Shows" icon={Calendar} href="/shows" value={upcoming?.length} isLoading={shows.isLoading} failed={!!shows.error} />
        <CountCard label="Merchandise Items" icon={Shirt} href="/merchandise" value={merch.data?.length} isLoading={merch.isLoading} failed={!!merch.error} />
        <CountCard label="Videos" icon={VideoIcon} href="/videos" value={videos.data?.length} isLoading={videos.isLoading} failed={!!videos.error} />
        <CountCard label="Subscribers" icon={Mail} href="/subscribers" value={people.data?.subscribers} isLoading={people.isLoading} failed={!!people.error} />
        <CountCard label="Unread Messages" icon={Inbox} href="/messages" value={people.data?.unreadMessages} isLoading={people.isLoading} failed={!!people.error} />
      </section>
      <BackupLine />
      <SetupChecklist />
      <DemoContentCard />

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <DashboardList
          title="Upcoming Shows"
          href="/shows"
          query={shows}
          items={upcoming?.slice(0, DASHBOARD_LIST_SIZE)}
          empty="No upcoming shows."
          error="Error loading shows. Please try again later."
          render={(s) => (
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-bone">{s.venue}</p>
                <p className="truncate text-xs text-dust">
                  {s.location} · {s.time}
                </p>
              </div>
              <div className="shrink-0 text-right text-xs">
                <p className="text-bone">{formatDate(s.date)}</p>
                <p className="text-dust">{formatPrice(s.price)}</p>
              </div>
            </div>
          )}
        />
        <DashboardList
          title="Featured Merchandise"
          href="/merchandise"
          query={merch}
          items={featured?.slice(0, DASHBOARD_LIST_SIZE)}
          empty="No featured items."
          error="Error loading merchandise. Please try again later."
          render={(m) => (
            <div className="flex items-center gap-3">
              <ImageWithFallback src={m.imageUrl || undefined} alt="" className="size-10 shrink-0 rounded object-cover" fallback={<div className="size-10 shrink-0 rounded bg-ash" />} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-bone">{m.name}</p>
                <p className="text-xs text-dust">{m.category}</p>
              </div>
              <span className="shrink-0 text-sm">{formatPrice(m.price)}</span>
            </div>
          )}
        />
        <DashboardList
          title="Active Videos"
          href="/videos"
          query={videos}
          items={active?.slice(0, DASHBOARD_LIST_SIZE)}
          empty="No active videos."
          error="Error loading videos. Please try again later."
          render={(v) => (
            <div className="flex items-center gap-3">
              <ImageWithFallback
                src={v.thumbnailUrl || "/images/video-placeholder.svg"}
                fallbackSrc="/images/video-placeholder.svg"
                alt=""
                className="aspect-video w-16 shrink-0 rounded object-cover"
              />
              <div className="min-w-0">
                <p className="truncate font-medium text-bone">{v.title}</p>
                <p className="truncate text-xs capitalize text-dust">{v.category}</p>
              </div>
            </div>
          )}
        />
      </div>
    </div>
  );
}
